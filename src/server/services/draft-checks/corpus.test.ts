import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FINDING_KINDS, type Finding, type FindingKind } from '../../../contract/draft-findings';
import { findingsOfDrafts } from './check-campaign';

/**
 * The draft checks measured against a hand-labelled corpus (test/fixtures/drafts, described in its
 * README): each campaign through the product's checks (findingsOfDrafts), and the
 * kinds found set against the kinds a reviewer would want flagged. Prints precision and recall per
 * kind and every mistake; holds each kind to a precision of 0.95, or where it is not met yet
 * to today's floor (BELOW_GOAL).
 */

const FIXTURES = path.resolve(import.meta.dirname, '../../../../test/fixtures/drafts');
/** The goal for every cheap check. */
const MIN_PRECISION = 0.95;
/**
 * Where a kind does not meet the goal yet, the floor it holds today, so it cannot slip further
 * unnoticed. Names and numbers alone cannot tell a general term ("Kubernetes", "Cyber
 * Essentials") from an invented fact; the AI pass is meant to judge those.
 */
const BELOW_GOAL: Partial<Record<FindingKind, number>> = { ungrounded: 0.85 };
const MIN_DRAFTS = 200;
/** Kinds only AI drafts can have: a fixed template's text is the user's, and its drafts are alike by design. */
const AI_ONLY: readonly FindingKind[] = ['ungrounded', 'duplicate'];

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
const labelledCampaign = z.strictObject({
  name: z.string().min(1),
  ai: z.boolean(),
  aiSources: z.string(),
  drafts: z.array(labelledDraft).min(1),
});
type LabelledCampaign = z.infer<typeof labelledCampaign>;
type LabelledDraft = z.infer<typeof labelledDraft>;

function loadCorpus(): LabelledCampaign[] {
  return fs
    .readdirSync(FIXTURES)
    .filter((f) => /^campaigns-.*\.json$/.test(f))
    .sort()
    .flatMap((f) =>
      z.array(labelledCampaign).parse(JSON.parse(fs.readFileSync(path.join(FIXTURES, f), 'utf8'))),
    );
}

const htmlOf = (draft: LabelledDraft) =>
  (draft.htmlPrefixFile ? fs.readFileSync(path.join(FIXTURES, draft.htmlPrefixFile), 'utf8') : '') +
  draft.body;

type Outcome = { draft: LabelledDraft; campaign: LabelledCampaign; found: Finding[] };

/** The checks as the product runs them, each campaign as one step (check-campaign.ts). */
function checkCampaign(campaign: LabelledCampaign): Outcome[] {
  const found = findingsOfDrafts(
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

type Score = { positives: number; tp: number; fp: number; fn: number; precision: number; recall: number };
type Mistake = { id: string; kind: FindingKind; type: 'FP' | 'FN'; detail: string };

function score(outcomes: readonly Outcome[]) {
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

function report(
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

describe('draft checks against the labelled corpus', () => {
  const corpus = loadCorpus();
  let outcomes: Outcome[] = [];
  let scores = {} as Record<FindingKind, Score>;

  beforeAll(() => {
    outcomes = corpus.flatMap(checkCampaign);
    const scored = score(outcomes);
    scores = scored.scores;
    report(outcomes, scores, scored.mistakes);
  });

  it(`has at least ${MIN_DRAFTS} labelled drafts with distinct ids`, () => {
    const ids = corpus.flatMap((c) => c.drafts.map((d) => d.id));
    expect(ids.length).toBeGreaterThanOrEqual(MIN_DRAFTS);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('has positives of every kind, the AI-only kinds in AI campaigns only', () => {
    for (const kind of FINDING_KINDS) expect(scores[kind].positives, kind).toBeGreaterThan(0);
    const misplaced = corpus
      .filter((c) => !c.ai)
      .flatMap((c) => c.drafts.filter((d) => d.expect.some((k) => AI_ONLY.includes(k))).map((d) => d.id));
    expect(misplaced).toEqual([]);
  });

  it.each(FINDING_KINDS.filter((k) => !BELOW_GOAL[k]))(
    `%s: precision of at least ${MIN_PRECISION}`,
    (kind) => {
      expect(scores[kind].precision).toBeGreaterThanOrEqual(MIN_PRECISION);
    },
  );

  it.each(Object.entries(BELOW_GOAL))(
    `%s: precision of at least %s, short of the goal of ${MIN_PRECISION}`,
    (kind, floor) => {
      expect(scores[kind as FindingKind].precision).toBeGreaterThanOrEqual(floor!);
      expect(scores[kind as FindingKind].precision).toBeLessThan(MIN_PRECISION);
    },
  );
});
