import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { FINDING_KINDS, type Finding, type FindingKind } from '../../src/contract/draft-findings';
import type { SenderProfileForPrompt } from '../../src/server/ai/prompts/sender-profile';
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
/** The sender's profile of a blind campaign, as the writer's `<sender>` block takes it. */
export const senderProfile = z
  .strictObject({
    name: z.string(),
    title: z.string(),
    company: z.string(),
    website: z.string(),
    whatWeDo: z.string(),
    offer: z.string(),
    proofPoints: z.array(z.string()),
    neverClaim: z.array(z.string()),
  })
  .partial() satisfies z.ZodType<SenderProfileForPrompt>;
export const labelledCampaign = z.strictObject({
  name: z.string().min(1),
  ai: z.boolean(),
  /** The prompt only where a senderProfile is given; else the prompt and the sender's settings. */
  aiSources: z.string(),
  senderProfile: senderProfile.optional(),
  drafts: z.array(labelledDraft).min(1),
});
export type LabelledCampaign = z.infer<typeof labelledCampaign>;
export type LabelledDraft = z.infer<typeof labelledDraft>;

/**
 * Which part of the corpus a draft is in: the blind drafts' ids say whether the checks may be
 * tuned on them; the sealed ones are only ever scored.
 */
export type CorpusPart = 'old' | 'blind-tune' | 'blind-sealed' | 'blind2-sealed' | 'blind3-tune';
const PREFIXES: readonly CorpusPart[] = ['blind-tune', 'blind-sealed', 'blind2-sealed', 'blind3-tune'];
export const partOf = (id: string): CorpusPart => PREFIXES.find((p) => id.startsWith(`${p}-`)) ?? 'old';
/** The parts no check is tuned on: the first blind writer's sealed drafts, and the second writer's. */
export const SEALED_PARTS: readonly CorpusPart[] = ['blind-sealed', 'blind2-sealed'];
export const isSealed = (id: string) => SEALED_PARTS.includes(partOf(id));

export function loadCorpus(): LabelledCampaign[] {
  return fs
    .readdirSync(FIXTURES)
    .filter((f) => /^(?:campaigns|blind[23]?)-.*\.json$/.test(f))
    .sort()
    .flatMap((f) =>
      z.array(labelledCampaign).parse(JSON.parse(fs.readFileSync(path.join(FIXTURES, f), 'utf8'))),
    );
}

export const htmlOf = (draft: LabelledDraft) =>
  (draft.htmlPrefixFile ? fs.readFileSync(path.join(FIXTURES, draft.htmlPrefixFile), 'utf8') : '') +
  draft.body;

export type Outcome = { draft: LabelledDraft; campaign: LabelledCampaign; found: Finding[] };

/**
 * The profile's text as the product adds it to what the checks take as given (what the company
 * does, the offer, proof points, website, the sender's name, title and company). Never-claim
 * entries are left out: being told not to claim something does not ground the claim.
 */
export function profileSourceText(profile: SenderProfileForPrompt | undefined): string {
  if (!profile) return '';
  const { neverClaim: _left, proofPoints = [], ...rest } = profile;
  return [...Object.values(rest), ...proofPoints].join('\n');
}

/** What a campaign's AI was given besides the row, lower-cased as the product passes it. */
export const aiSourcesOfCampaign = (campaign: LabelledCampaign) =>
  [campaign.aiSources, profileSourceText(campaign.senderProfile)].filter(Boolean).join('\n').toLowerCase();

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
    [
      {
        aiSources: campaign.ai ? aiSourcesOfCampaign(campaign) : null,
        senderProfile: campaign.senderProfile ?? null,
      },
    ],
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

const pad = (v: string | number, n: number) => String(v).padStart(n);

/** One part's precision and recall per kind, as a table. */
function table(title: string, outcomes: readonly Outcome[]): string[] {
  const { scores } = score(outcomes);
  const clean = outcomes.filter((o) => o.draft.expect.length === 0).length;
  const hardNegatives = outcomes.filter((o) => /hard negative/i.test(o.draft.notes ?? '')).length;
  return [
    `${title}: ${outcomes.length} drafts, ${clean} expected clean, ${hardNegatives} marked hard negatives`,
    `${'kind'.padEnd(16)}${pad('positives', 10)}${pad('TP', 5)}${pad('FP', 5)}${pad('FN', 5)}${pad('precision', 11)}${pad('recall', 8)}`,
    ...FINDING_KINDS.map((kind) => {
      const s = scores[kind];
      return `${kind.padEnd(16)}${pad(s.positives, 10)}${pad(s.tp, 5)}${pad(s.fp, 5)}${pad(s.fn, 5)}${pad(s.precision.toFixed(3), 11)}${pad(s.recall.toFixed(3), 8)}`;
    }),
    '',
  ];
}

/** The outcomes of one part of the corpus. */
export const inPart = (outcomes: readonly Outcome[], part: CorpusPart) =>
  outcomes.filter((o) => partOf(o.draft.id) === part);

/**
 * Prints the figures of the whole corpus and of each part, and every mistake outside the sealed
 * parts. The sealed parts' mistakes are not printed: whoever reads them would be tuning on them.
 */
export function report(outcomes: readonly Outcome[]) {
  const open = outcomes.filter((o) => !isSealed(o.draft.id));
  const { mistakes } = score(open);
  const lines = [
    ...table('Draft checks on the whole labelled corpus', outcomes),
    ...table('The first corpus (campaigns-*.json)', inPart(outcomes, 'old')),
    ...table('The blind corpus, part open to tuning (blind-tune-*)', inPart(outcomes, 'blind-tune')),
    ...table(
      'The blind corpus, sealed part (blind-sealed-*, never tuned on)',
      inPart(outcomes, 'blind-sealed'),
    ),
    ...table(
      'The second blind corpus, all sealed (blind2-sealed-*, written after the checks were tuned)',
      inPart(outcomes, 'blind2-sealed'),
    ),
    ...table('The third blind corpus, open to tuning (blind3-tune-*)', inPart(outcomes, 'blind3-tune')),
    `Mistakes outside the sealed parts (${mistakes.length}):`,
    ...[...mistakes]
      .sort(
        (a, b) => a.kind.localeCompare(b.kind) || a.type.localeCompare(b.type) || a.id.localeCompare(b.id),
      )
      .map((m) => `  ${m.kind} ${m.type} ${m.id}${m.detail ? ` — ${m.detail}` : ''}`),
  ];
  console.log(lines.join('\n'));
}
