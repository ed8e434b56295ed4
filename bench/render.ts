import { compileTemplate } from '../src/server/services/render-template';
import { report } from './support';

/**
 * Rendering a 6-variable template for 100,000 recipients on one core (the main thread):
 * compile once, then render subject + body per recipient, as generation does.
 *
 * Renders/s depend on the machine as much as on the code, so the goal is a ratio against a
 * baseline from the same run: a bare string replacement of the same six values into the same
 * text (one regex replace per part, no template engine, no escaping or defaults), measured right
 * before and right after the renders and averaged, so a machine busy with something else for a
 * while moves both alike. Both are warmed up once over all recipients, unmeasured.
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

type Recipient = (typeof recipients)[number];

const compiled = compileTemplate(subject, body);
const render = (r: Recipient) => compiled.render(r).missingVariables.length;

// Any `{{ name … }}`, filters and all, becomes the recipient's value.
const PLACEHOLDER = /\{\{\s*(\w+)[^}]*\}\}/g;
const bareReplace = (r: Recipient) => {
  const value = (_: string, name: string) => r[name as keyof Recipient] ?? '';
  // The lengths keep the results alive, so the work cannot be optimised away.
  return subject.replace(PLACEHOLDER, value).length + body.replace(PLACEHOLDER, value).length;
};

/** Runs `each` over every recipient: seconds taken and the sum of what it returned. */
function timed(each: (r: Recipient) => number) {
  let sum = 0;
  const started = process.hrtime.bigint();
  for (const r of recipients) sum += each(r);
  return { seconds: Number(process.hrtime.bigint() - started) / 1e9, sum };
}

timed(render); // warm-up
timed(bareReplace);

const before = timed(bareReplace);
const rendered = timed(render);
const after = timed(bareReplace);

const rate = RECIPIENTS / rendered.seconds;
const baseline = (RECIPIENTS / before.seconds + RECIPIENTS / after.seconds) / 2;
console.log(
  `bare replace before/after: ${Math.round(RECIPIENTS / before.seconds)}/${Math.round(RECIPIENTS / after.seconds)} per s`,
);
report('render', [
  { metric: 'render_per_s', db: null, value: rate, unit: 'renders/s', goal: null, higherIsBetter: true },
  {
    metric: 'bare_replace_per_s',
    db: null,
    value: baseline,
    unit: 'renders/s',
    goal: null,
    higherIsBetter: true,
  },
  {
    metric: 'render_vs_bare_replace',
    db: null,
    value: rate / baseline,
    unit: 'ratio',
    goal: 0.3,
    higherIsBetter: true,
  },
  {
    metric: 'render_total_s',
    db: null,
    value: rendered.seconds,
    unit: 's',
    goal: null,
    higherIsBetter: false,
  },
]);
if (rendered.sum === 0) throw new Error('expected some recipients with an empty info value to be flagged');
