/**
 * Which of a sender's proof points a draft states. A model rewords them ("Advise over 400
 * employers" becomes "we have advised more than 400 employers"), so a point counts as used when
 * each of its figures is in the draft (thousands separators aside) and at least half of its
 * telling words are, by their stem; a point without figures needs two of them, or its only one.
 * A different figure ("12,500 teams" for "12,000 teams") is not the point.
 */

/** "12,000", "12.000" and "12 000" are one figure; "2004, 400" are two. */
const FIGURE = /\d{1,3}(?:[,.\u00a0\u202f’' ]\d{3})+(?!\d)|\d+(?:[.,]\d+)?/g;
const figuresOf = (text: string) => new Set((text.match(FIGURE) ?? []).map((n) => n.replace(/\D/g, '')));

/** Words of four letters or more that tell no fact from another. */
const COMMON = new Set(
  'over more than with from that this these those your their them they about across into under since each every also have been were will what when where which while only very just most some such'.split(
    ' ',
  ),
);
/** English endings only; both sides go through it, so it need only be consistent. */
const stem = (word: string) => word.replace(/(?:ies|es|s|ed|ing|e)$/, '');
const wordsOf = (text: string) =>
  new Set((text.toLowerCase().match(/\p{L}{4,}/gu) ?? []).filter((w) => !COMMON.has(w)).map(stem));

export function proofPointsUsed(draftText: string, proofPoints: readonly string[]): string[] {
  const figures = figuresOf(draftText);
  const words = wordsOf(draftText);
  return proofPoints.filter((point) => {
    const own = wordsOf(point);
    const ownFigures = figuresOf(point);
    if (own.size + ownFigures.size === 0) return false;
    if ([...ownFigures].some((f) => !figures.has(f))) return false;
    const found = [...own].filter((w) => words.has(w)).length;
    const half = Math.ceil(own.size / 2);
    return found >= (ownFigures.size > 0 ? half : Math.max(Math.min(2, own.size), half));
  });
}
