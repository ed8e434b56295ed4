import { compileTemplate } from '../src/server/services/render-template';
import { report } from './support';

/**
 * Rendering a 6-variable template for 100,000 recipients on one core (the main thread):
 * compile once, then render subject + body per recipient, as generation does.
 */
const RECIPIENTS = 100_000;
const subject = 'Quick question for {{ first_name | default: "you" }} at {{ company }}';
const body = `<p>Hi {{ first_name | default: "there" }} {{ last_name }},</p>
<p>I noticed that {{ company }} is hiring for a <strong>{{ job_title }}</strong> role, and I thought you might like to see
how teams like yours cut their reporting time in half.</p>
<p>{{ info }}</p>
<p>Would a 15-minute call next week work? You can reach me at this address or reply to {{ email }}.</p>
<p>Best regards,</p>`;

const recipients = Array.from({ length: RECIPIENTS }, (_, i) => ({
  email: `person${i}@example.com`,
  first_name: `First${i}`,
  last_name: `Last${i}`,
  company: i % 7 === 0 ? '<b>Acme & Sons</b>' : `Company ${i}`,
  job_title: 'Marketing Director',
  info: i % 3 === 0 ? '' : `Interested in automation (${i})`,
}));

const compiled = compileTemplate(subject, body);
for (let i = 0; i < 2000; i++) compiled.render(recipients[i]!); // warm-up

let missing = 0;
const started = process.hrtime.bigint();
for (const r of recipients) missing += compiled.render(r).missingVariables.length;
const seconds = Number(process.hrtime.bigint() - started) / 1e9;

report('render', [
  {
    metric: 'render_per_s',
    db: null,
    value: RECIPIENTS / seconds,
    unit: 'renders/s',
    goal: 50_000,
    higherIsBetter: true,
  },
  { metric: 'render_total_s', db: null, value: seconds, unit: 's', goal: null, higherIsBetter: false },
]);
if (missing === 0) throw new Error('expected some recipients with an empty info value to be flagged');
