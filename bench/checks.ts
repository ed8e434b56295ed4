import { findingsOfDrafts } from '../src/server/services/draft-checks/check-campaign';
import { compileTemplate } from '../src/server/services/render-template';
import { report } from './support';

/**
 * The draft checks over 10,000 AI-style drafts on one core (the main thread), as the generation
 * job runs them: each draft on its own (deliverability, personalisation, ungrounded names and
 * numbers), then all of them against each other (near-duplicates, lengths).
 *
 * Seconds depend on the machine as much as on the code, so the goal is a ratio against the same
 * run's rendering of the same drafts (compiled template, six variables, as generation does),
 * measured right before and right after the checks and averaged. The goal of 10,000 drafts in
 * 2 s was set on a machine whose same run rendered about 500,000 drafts a second, so a draft's
 * checks may cost a hundred renders: 0.01.
 */
const DRAFTS = 10_000;
const subject = 'A question about {{ company }}';
const body = `<p>Hi {{ first_name }},</p>
<p>I read how your team at {{ company }} handles {{ topic }} across {{ sites }} sites in {{ city }}, and wondered
whether the way you schedule {{ other }} could use a second pair of eyes. We helped a firm in a similar
spot cut waiting times by changing one habit.</p>
<p>Would a 15-minute call next week suit you? <a href="https://tailor.example/demo">See a two-minute demo</a>.</p>
<p>Best regards,<br>Sam</p>`;
const topics = [
  'robot arms',
  'cold storage',
  'route planning',
  'solar roofs',
  'payroll',
  'fleet tyres',
  'rotas',
];

const rows = Array.from({ length: DRAFTS }, (_, i) => ({
  email: `person${i}@example.com`,
  first_name: `First${i}`,
  company: `Company ${i}`,
  topic: topics[i % topics.length]!,
  other: topics[(i * 3 + 1) % topics.length]!,
  sites: String((i % 40) + 2),
  city: ['Leeds', 'Lyon', 'Porto', 'Graz'][i % 4]!,
}));
const compiled = compileTemplate(subject, body);
const drafts = rows.map((row) => ({ row, ...compiled.render(row) }));
const aiSources = 'write a short note about planning and logistics. sam, tailor ltd, leeds';

function renderAll() {
  const started = process.hrtime.bigint();
  let sum = 0;
  for (const row of rows) sum += compiled.render(row).body.length;
  return { seconds: Number(process.hrtime.bigint() - started) / 1e9, sum };
}

const asStored = drafts.map((d, i) => ({
  id: i,
  step: 1,
  subject: d.subject,
  body: d.body,
  attentionReason: null,
  recipientEmail: d.row.email,
  row: d.row,
}));

/** The generation job's checks, without the database: each draft alone, then all compared. */
async function checkAll() {
  const started = process.hrtime.bigint();
  let findings = 0;
  for (const found of (await findingsOfDrafts(asStored, [{ aiSources }])).values()) findings += found.length;
  return { seconds: Number(process.hrtime.bigint() - started) / 1e9, findings };
}

renderAll(); // warm-up
await checkAll();
const before = renderAll();
const checked = await checkAll();
const after = renderAll();
const renderPerS = (DRAFTS / before.seconds + DRAFTS / after.seconds) / 2;
const checksPerS = DRAFTS / checked.seconds;
console.log(`findings: ${checked.findings} (the drafts share one template, so near-duplicates are expected)`);
report('checks', [
  { metric: 'checks_per_s', db: null, value: checksPerS, unit: 'drafts/s', goal: null, higherIsBetter: true },
  {
    metric: 'render_per_s',
    db: null,
    value: renderPerS,
    unit: 'renders/s',
    goal: null,
    higherIsBetter: true,
  },
  {
    metric: 'checks_vs_render',
    db: null,
    value: checksPerS / renderPerS,
    unit: 'ratio',
    goal: 0.01,
    higherIsBetter: true,
  },
  { metric: 'checks_10k_s', db: null, value: checked.seconds, unit: 's', goal: 2, higherIsBetter: false },
]);
