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
 * was ever tuned on (its figures say how the checks do on drafts nobody tuned them for), or where
 * that is not met yet to today's floor (SEALED_BELOW_GOAL).
 */

/** The goal for every cheap check over the whole corpus. */
const MIN_PRECISION = 0.95;
/** The goal on the sealed part: fewer drafts, none of them seen while the checks were written. */
const MIN_SEALED_PRECISION = 0.9;
/**
 * Where a kind falls short of the sealed goal, the floor it holds, so it cannot slip unnoticed,
 * and the test says so when it meets the goal. Not a lower goal: the sealed drafts' mistakes are
 * never read, so a kind here is improved on the open parts by class, and the floor raised only
 * when the figure rises on its own. Ungrounded: the first sealed part reached 0.92 once false
 * alarms were worked out by class on the open parts (it was 0.80); the second, written after that
 * work began and scored once before and once after it, went from 0.81 to 0.83 (25 of 30 flagged
 * drafts right). The floor is the lower of the two.
 */
const SEALED_BELOW_GOAL: Partial<Record<FindingKind, number>> = { ungrounded: 0.83 };
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

  it.each(FINDING_KINDS.filter((k) => !SEALED_BELOW_GOAL[k]))(
    `%s: precision of at least ${MIN_SEALED_PRECISION} on both sealed parts`,
    (kind) => {
      expect(sealed[kind].precision).toBeGreaterThanOrEqual(MIN_SEALED_PRECISION);
      expect(sealed2[kind].precision).toBeGreaterThanOrEqual(MIN_SEALED_PRECISION);
    },
  );

  it.each(Object.entries(SEALED_BELOW_GOAL))(
    `%s: precision of at least %s on the sealed part, short of the goal of ${MIN_SEALED_PRECISION}`,
    (kind, floor) => {
      const figures = [sealed, sealed2].map((part) => part[kind as FindingKind].precision);
      for (const figure of figures) expect(figure).toBeGreaterThanOrEqual(floor!);
      expect(Math.min(...figures)).toBeLessThan(MIN_SEALED_PRECISION);
    },
  );
});
