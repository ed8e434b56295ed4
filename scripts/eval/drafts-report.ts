import { readDraft } from '../../src/server/services/draft-checks/draft-text';
import { type CampaignRun, type Figures, figuresOf, sumFigures } from './draft-figures';

/**
 * The report of `npm run eval:drafts`: a line of figures per campaign and for all, what they
 * mean, and every flagged draft with its findings, for a person to label.
 */

const NAME_WIDTH = 40;
const COLUMNS = [
  ['drafts', (f: Figures) => f.drafts],
  ['failed', (f: Figures) => f.failed],
  ['flagged', (f: Figures) => f.flagged],
  ['ungr', (f: Figures) => f.byKind.ungrounded],
  ['dup', (f: Figures) => f.byKind.duplicate],
  ['pers', (f: Figures) => f.byKind.personalisation],
  ['deliv', (f: Figures) => f.byKind.deliverability],
  ['len', (f: Figures) => f.byKind.length],
  ['per draft', (f: Figures) => (f.findings / Math.max(1, f.drafts)).toFixed(2)],
  ['not given', (f: Figures) => f.notGiven],
  ['unsupported', (f: Figures) => f.unsupported],
  ['proof points', (f: Figures) => (f.proofPoints ? `${f.proofPoints.used}/${f.proofPoints.total}` : '–')],
] as const;

const shortName = (name: string) =>
  name.length > NAME_WIDTH - 2 ? `${name.slice(0, NAME_WIDTH - 3)}…` : name;
const row = (name: string, cells: (string | number)[]) =>
  shortName(name).padEnd(NAME_WIDTH) +
  cells.map((c, i) => String(c).padStart(COLUMNS[i]![0].length + 2)).join('');
const percent = (part: number, whole: number) => `${Math.round((100 * part) / Math.max(1, whole))}%`;

export type RunFacts = {
  /** "openai-compatible llama3.1 at http://127.0.0.1:8080/v1" */
  model: string;
  withClaims: boolean;
  claimFailures: number;
  tokens: { writing: number; claims: number };
};

export function printReport(runs: readonly CampaignRun[], facts: RunFacts): Figures {
  const figures = runs.map(figuresOf);
  const all = sumFigures(figures);
  const lines = [
    `Drafts written by ${facts.model} for ${runs.length} AI campaigns of the labelled corpus, then checked` +
      (facts.withClaims ? ' (cheap checks and the AI claim check)' : ' (cheap checks)'),
    '',
    row(
      'campaign',
      COLUMNS.map(([label]) => label),
    ),
    ...runs.map((run, i) =>
      row(
        run.campaign.name,
        COLUMNS.map(([, value]) => value(figures[i]!)),
      ),
    ),
    row(
      'all',
      COLUMNS.map(([, value]) => value(all)),
    ),
    '',
    'flagged: drafts with any finding; ungr, dup, pers, deliv, len: drafts with a finding of that kind;',
    'per draft: findings per draft; not given: drafts stating a number or name absent from the row, the',
    'profile and the prompt (the cheap ungrounded check); unsupported: drafts with a claim the AI claim check',
    "found nothing to support; proof points: the sender's proof points at least one draft states, of all.",
    '',
    `Written: ${all.drafts} drafts; ${all.failed} the provider could not write.`,
    `Findings: ${all.findings} on ${all.drafts} drafts (${(all.findings / Math.max(1, all.drafts)).toFixed(2)} a draft); ${all.flagged} drafts (${percent(all.flagged, all.drafts)}) flagged.`,
    `A number or name absent from the row, the profile and the prompt: ${all.notGiven} drafts (${percent(all.notGiven, all.drafts)}).`,
    ...(facts.withClaims
      ? [
          `AI claim check: ${all.unsupported} drafts (${percent(all.unsupported, all.drafts)}) with a claim nothing supports; ${facts.claimFailures} drafts it could not read.`,
        ]
      : []),
    all.proofPoints
      ? `Sender proof points: ${all.proofPoints.used} of ${all.proofPoints.total} (${percent(all.proofPoints.used, all.proofPoints.total)}) stated by at least one draft; ${all.proofPoints.perDraft.toFixed(2)} a draft.`
      : 'Sender proof points: no campaign run has a sender profile.',
    `Tokens: ${facts.tokens.writing.toLocaleString('en')} writing, ${facts.tokens.claims.toLocaleString('en')} reading claims.`,
    ...flaggedDrafts(runs),
    ...failedDrafts(runs),
  ];
  console.log(lines.join('\n'));
  return all;
}

function flaggedDrafts(runs: readonly CampaignRun[]): string[] {
  const flagged = runs.flatMap((run) =>
    run.drafts.filter((d) => d.found.length > 0).map((d) => ({ campaign: run.campaign.name, ...d })),
  );
  if (flagged.length === 0) return [];
  return [
    '',
    `Flagged drafts (${flagged.length}), for a person to label:`,
    ...flagged.flatMap(({ campaign, draft, found }) => [
      '',
      `── ${draft.id} · ${campaign} · ${draft.recipientEmail}`,
      `Subject: ${draft.subject}`,
      readDraft(draft.body).text,
      ...found.map(
        (f) => `  ${f.kind} (${f.severity})${f.span ? ` ${f.span.field} "${f.span.text}"` : ''}: ${f.reason}`,
      ),
    ]),
  ];
}

function failedDrafts(runs: readonly CampaignRun[]): string[] {
  const failed = runs.flatMap((run) => run.failed);
  if (failed.length === 0) return [];
  return ['', `Not written (${failed.length}):`, ...failed.map((f) => `  ${f.id}: ${f.reason}`)];
}
