import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { FINDING_KINDS, type Finding, type FindingKind } from '../../src/contract/draft-findings';
import { findingsOfDrafts } from '../../src/server/services/draft-checks/check-campaign';

/**
 * The hand-labelled draft corpus (test/fixtures/drafts, described in its README), run through the
 * product's checks and scored per finding kind: read by the corpus test and by the AI claim check's
 * evaluation against a real provider (scripts/eval-claims.ts).
 */

export const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/drafts');

const labelledDraft = z.strictObject({
  id: z.string().min(1),
  recipientEmail: z.string().min(3),
  row: z.record(z.string(), z.string().nullable()),
  missingValues: z.array(z.string()),
  subject: z.string(),
  body: z.string(),
  /** A file of this folder whose HTML comes before the body (a large pasted style sheet). */
  htmlPrefixFile: z.string().optional(),
  expect: z.array(z.enum(FINDING_KINDS)),
  notes: z.string().optional(),
});
export const labelledCampaign = z.strictObject({
  name: z.string().min(1),
  ai: z.boolean(),
  aiSources: z.string(),
  drafts: z.array(labelledDraft).min(1),
});
export type LabelledCampaign = z.infer<typeof labelledCampaign>;
export type LabelledDraft = z.infer<typeof labelledDraft>;

export function loadCorpus(): LabelledCampaign[] {
  return fs
    .readdirSync(FIXTURES)
    .filter((f) => /^campaigns-.*\.json$/.test(f))
    .sort()
    .flatMap((f) =>
      z.array(labelledCampaign).parse(JSON.parse(fs.readFileSync(path.join(FIXTURES, f), 'utf8'))),
    );
}

export const htmlOf = (draft: LabelledDraft) =>
  (draft.htmlPrefixFile ? fs.readFileSync(path.join(FIXTURES, draft.htmlPrefixFile), 'utf8') : '') +
  draft.body;

export type Outcome = { draft: LabelledDraft; campaign: LabelledCampaign; found: Finding[] };

/** The checks as the product runs them, each campaign as one step (check-campaign.ts). */
export async function checkCampaign(campaign: LabelledCampaign): Promise<Outcome[]> {
  const found = await findingsOfDrafts(
    campaign.drafts.map((draft, i) => ({
      id: i,
      step: 1,
      subject: draft.subject,
      body: htmlOf(draft),
      // As generation stores it on the email.
      attentionReason: draft.missingValues.length ? `No value for: ${draft.missingValues.join(', ')}` : null,
      recipientEmail: draft.recipientEmail,
      row: draft.row,
    })),
    [{ aiSources: campaign.ai ? campaign.aiSources.toLowerCase() : null }],
  );
  return campaign.drafts.map((draft, i) => ({ draft, campaign, found: found.get(i) ?? [] }));
}

export type Score = {
  positives: number;
  tp: number;
  fp: number;
  fn: number;
  precision: number;
  recall: number;
};
type Mistake = { id: string; kind: FindingKind; type: 'FP' | 'FN'; detail: string };

export function score(outcomes: readonly Outcome[]) {
  const scores = {} as Record<FindingKind, Score>;
  const mistakes: Mistake[] = [];
  for (const kind of FINDING_KINDS) {
    let tp = 0;
    let fp = 0;
    let fn = 0;
    for (const { draft, found } of outcomes) {
      const expected = draft.expect.includes(kind);
      const raised = found.filter((f) => f.kind === kind);
      if (expected && raised.length > 0) tp++;
      else if (raised.length > 0) {
        fp++;
        const detail = raised
          .map((f) => (f.span ? `${f.span.field} "${f.span.text}": ${f.reason}` : f.reason))
          .join(' | ');
        mistakes.push({ id: draft.id, kind, type: 'FP', detail });
      } else if (expected) {
        fn++;
        mistakes.push({ id: draft.id, kind, type: 'FN', detail: draft.notes ?? '' });
      }
    }
    scores[kind] = {
      positives: tp + fn,
      tp,
      fp,
      fn,
      // Nothing raised means nothing raised wrongly.
      precision: tp + fp === 0 ? 1 : tp / (tp + fp),
      recall: tp + fn === 0 ? 1 : tp / (tp + fn),
    };
  }
  return { scores, mistakes };
}

export function report(
  outcomes: readonly Outcome[],
  scores: Record<FindingKind, Score>,
  mistakes: readonly Mistake[],
) {
  const clean = outcomes.filter((o) => o.draft.expect.length === 0).length;
  const hardNegatives = outcomes.filter((o) => /hard negative/i.test(o.draft.notes ?? '')).length;
  const pad = (v: string | number, n: number) => String(v).padStart(n);
  const lines = [
    `Draft checks on the labelled corpus: ${outcomes.length} drafts, ${clean} expected clean, ${hardNegatives} marked hard negatives`,
    '',
    `${'kind'.padEnd(16)}${pad('positives', 10)}${pad('TP', 5)}${pad('FP', 5)}${pad('FN', 5)}${pad('precision', 11)}${pad('recall', 8)}`,
    ...FINDING_KINDS.map((kind) => {
      const s = scores[kind];
      return `${kind.padEnd(16)}${pad(s.positives, 10)}${pad(s.tp, 5)}${pad(s.fp, 5)}${pad(s.fn, 5)}${pad(s.precision.toFixed(3), 11)}${pad(s.recall.toFixed(3), 8)}`;
    }),
    '',
    `Mistakes (${mistakes.length}):`,
    ...[...mistakes]
      .sort(
        (a, b) => a.kind.localeCompare(b.kind) || a.type.localeCompare(b.type) || a.id.localeCompare(b.id),
      )
      .map((m) => `  ${m.kind} ${m.type} ${m.id}${m.detail ? ` — ${m.detail}` : ''}`),
  ];
  console.log(lines.join('\n'));
}
