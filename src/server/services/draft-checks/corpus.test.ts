import { beforeAll, describe, expect, it } from 'vitest';
import {
  checkCampaign,
  inPart,
  loadCorpus,
  type Outcome,
  report,
  type Score,
  score,
} from '../../../../test/support/draft-corpus';
import { FINDING_KINDS, type FindingKind } from '../../../contract/draft-findings';

/**
 * The draft checks measured against a hand-labelled corpus (test/fixtures/drafts, described in its
 * README): each campaign through the product's checks (findingsOfDrafts), and the kinds found set
 * against the kinds a reviewer would want flagged. Prints precision and recall per kind for the
 * whole corpus and each part, and every mistake outside the sealed parts; holds each kind to a
 * precision of 0.95 over the whole corpus, and of 0.9 on each sealed blind part, which no check
 * was ever tuned on (its figures say how the checks do on drafts nobody tuned them for).
 *
 * Ungrounded reached the sealed goal late: 0.80 and 0.81 on the two sealed parts when they were
 * first scored, 0.92 and 0.83 after class work on the open parts, and 0.92 and 0.93 after the
 * classes a third blind corpus (blind3-tune-*, open) showed: totals a draft works out from a given
 * price and count, Spanish telephone numbers, short street forms, "2 in every 100", a name's plural
 * and "as promised". The sealed parts' mistakes were never read.
 */

/** The goal for every cheap check over the whole corpus. */
const MIN_PRECISION = 0.95;
/** The goal on the sealed part: fewer drafts, none of them seen while the checks were written. */
const MIN_SEALED_PRECISION = 0.9;
const MIN_DRAFTS = 500;
/** Kinds only AI drafts can have: a fixed template's text is the user's, and its drafts are alike by design. */
const AI_ONLY: readonly FindingKind[] = ['ungrounded', 'duplicate'];

describe('draft checks against the labelled corpus', () => {
  const corpus = loadCorpus();
  let outcomes: Outcome[] = [];
  let scores = {} as Record<FindingKind, Score>;
  let sealed = {} as Record<FindingKind, Score>;
  let sealed2 = {} as Record<FindingKind, Score>;

  beforeAll(async () => {
    outcomes = (await Promise.all(corpus.map(checkCampaign))).flat();
    scores = score(outcomes).scores;
    sealed = score(inPart(outcomes, 'blind-sealed')).scores;
    sealed2 = score(inPart(outcomes, 'blind2-sealed')).scores;
    report(outcomes);
  });

  it(`has at least ${MIN_DRAFTS} labelled drafts with distinct ids, 70 + 126 of them sealed`, () => {
    const ids = corpus.flatMap((c) => c.drafts.map((d) => d.id));
    expect(ids.length).toBeGreaterThanOrEqual(MIN_DRAFTS);
    expect(new Set(ids).size).toBe(ids.length);
    expect(inPart(outcomes, 'blind-sealed')).toHaveLength(70);
    expect(inPart(outcomes, 'blind2-sealed')).toHaveLength(126);
    expect(inPart(outcomes, 'blind3-tune')).toHaveLength(121);
  });

  it('has positives of every kind, the AI-only kinds in AI campaigns only', () => {
    for (const kind of FINDING_KINDS) expect(scores[kind].positives, kind).toBeGreaterThan(0);
    const misplaced = corpus
      .filter((c) => !c.ai)
      .flatMap((c) => c.drafts.filter((d) => d.expect.some((k) => AI_ONLY.includes(k))).map((d) => d.id));
    expect(misplaced).toEqual([]);
  });

  it.each(FINDING_KINDS)(`%s: precision of at least ${MIN_PRECISION} over the whole corpus`, (kind) => {
    expect(scores[kind].precision).toBeGreaterThanOrEqual(MIN_PRECISION);
  });

  it.each(FINDING_KINDS)(`%s: precision of at least ${MIN_SEALED_PRECISION} on both sealed parts`, (kind) => {
    expect(sealed[kind].precision).toBeGreaterThanOrEqual(MIN_SEALED_PRECISION);
    expect(sealed2[kind].precision).toBeGreaterThanOrEqual(MIN_SEALED_PRECISION);
  });
});
