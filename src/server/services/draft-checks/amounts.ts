/**
 * Numbers as values, so the same amount written two ways is one amount: "€95k" and "€95,000",
 * "3.8k" and "3,800", "1 200 €" and "1200 €", "12 Mio." and "12 million", "15 %" and "15 Prozent".
 * The grounding check compares what a draft states with what the AI was given by these values,
 * not by how the digits are written.
 */

/** Thin and no-break spaces, as French and German write thousands ("12 000"), read as a space. */
const SPACES = /[\u00a0\u202f\u2009]/g;

/**
 * Words that multiply the number before them, in the four languages the product writes. "m" is a
 * million only when no ² or ³ follows ("12 000 m²" is an area); "mil" alone is Spanish "thousand".
 */
const MULTIPLIERS: [RegExp, number][] = [
  [/^(?:k|tsd\.?|thousand|tausend|mille|mil(?!\s+mill))$/i, 1e3],
  [/^(?:m|mm|mn|mio\.?|million|millions|millionen|millón|millones|mil\s+millones)$/i, 1e6],
  [/^(?:bn|mrd\.?|billion|billions|milliarde|milliarden|milliard|milliards)$/i, 1e9],
];
const MULTIPLIER_WORD =
  '(?:k|tsd\\.?|thousand|tausend|mille|mil\\s+millones|mil|mm|mn|mio\\.?|millions?|millionen|millón|millones|m(?![²³2])|bn|mrd\\.?|billions?|milliarden?|milliards?)';

/** A percentage sign or word after the number: "12 %", "12 percent", "12 Prozent", "12 por ciento". */
const PERCENT_WORD = '(?:%|per\\s?cent|percent|prozent|pour\\s?cent|por\\s?ciento)';
/** Money before the number ("€", "USD ") or after it ("€", "euros", "Euro", "dollars"). */
const CURRENCY_BEFORE = '(?:[$€£¥]|\\b(?:EUR|USD|GBP|CHF)[ \\t]?)';
const CURRENCY_AFTER =
  '(?:[$€£¥]|EUR\\b|USD\\b|GBP\\b|CHF\\b|euros?\\b|dollars?\\b|pounds?\\b|libras?\\b|dólares\\b|francs?\\b)';

/**
 * The digits of one number: grouped in threes by a comma, a dot, an apostrophe or a space
 * ("1,200", "1.200", "1'200", "1 200"), with decimals after a dot or a comma, or plain.
 */
const DIGITS = "\\d{1,3}(?:(?:,|\\.|'|’| )\\d{3})+(?:[.,]\\d+)?|\\d+(?:[.,]\\d+)?";

/** One amount as written, its parts named. */
const AMOUNT = new RegExp(
  `(?<before>${CURRENCY_BEFORE})?(?<![\\p{L}\\d.,])(?<digits>${DIGITS})(?![\\d])(?:[ \\t]?(?<mult>${MULTIPLIER_WORD})(?![\\p{L}\\p{N}²³@_]))?(?:[ \\t]?(?<percent>${PERCENT_WORD})(?!\\p{L})|[ \\t]?(?<after>${CURRENCY_AFTER}))?`,
  'giu',
);

export type Amount = {
  /** The amount as it reads in the text. */
  text: string;
  index: number;
  /** Every value the digits can mean: "1.200" is 1200 in German and 1.2 in English. */
  values: number[];
  percent: boolean;
  money: boolean;
  /** Written with a multiplier ("95k", "12 Mio."). */
  scaled: boolean;
  /** The digits alone, as written ("1.200"). */
  digits: string;
};

/** What the digits can mean, read with each convention that fits them. */
function valuesOf(digits: string): number[] {
  const compact = digits.replace(/[ '’]/g, '');
  const out = new Set<number>();
  const grouped = /^\d{1,3}(?:([,.])\d{3})+(?:([.,])\d+)?$/.exec(compact);
  if (grouped) {
    // "1,200" or "1.200" as thousands, with the other mark (if any) as the decimal point.
    const [group, decimal] = [grouped[1]!, grouped[2]];
    if (!decimal || decimal !== group) out.add(Number(compact.split(group).join('').replace(',', '.')));
  }
  // A single mark as a decimal point ("1.200" read as 1.2, "2,8" as 2.8).
  const marks = compact.match(/[.,]/g) ?? [];
  if (marks.length <= 1) out.add(Number(compact.replace(',', '.')));
  if (marks.length === 0) out.add(Number(compact));
  return [...out].filter(Number.isFinite);
}

const multiplierOf = (word: string | undefined) =>
  word ? (MULTIPLIERS.find(([re]) => re.test(word.replace(/\s+/g, ' ').trim()))?.[1] ?? 1) : 1;

/** Every amount of a text, in order. */
export function amountsIn(text: string): Amount[] {
  const normal = text.replace(SPACES, ' ');
  const out: Amount[] = [];
  for (const m of normal.matchAll(AMOUNT)) {
    const g = m.groups!;
    const factor = multiplierOf(g.mult);
    out.push({
      text: text.slice(m.index, m.index + m[0].length).trim(),
      index: m.index,
      values: valuesOf(g.digits!).map((v) => round(v * factor)),
      percent: !!g.percent,
      money: !!(g.before || g.after),
      scaled: factor !== 1,
      digits: g.digits!,
    });
  }
  return out;
}

/** Values compared to a millionth: 3.8 × 1000 is 3800, not 3799.9999999999995. */
const round = (v: number) => Math.round(v * 1e6) / 1e6;

/** The values a text's amounts can mean, to look a draft's amounts up in. */
export type SourceValues = { any: Set<number>; percent: Set<number>; money: Set<number> };

/** A range of percentages gives both ends as percentages: "15–20 %", "15 bis 20 Prozent". */
const PERCENT_RANGE = new RegExp(
  `(\\d+(?:[.,]\\d+)?)([ \\t]?(?:-|–|to|bis|à|a|y|and|und|et)[ \\t]?\\d+(?:[.,]\\d+)?[ \\t]?${PERCENT_WORD})`,
  'giu',
);

export function sourceValues(sources: string): SourceValues {
  const any = new Set<number>();
  const percent = new Set<number>();
  const money = new Set<number>();
  for (const a of amountsIn(sources.replace(PERCENT_RANGE, '$1 %$2')))
    for (const v of a.values) {
      any.add(v);
      if (a.percent) percent.add(v);
      if (a.money) money.add(v);
    }
  return { any, percent, money };
}

/** Counts a price is multiplied by in a total: "6 desks at £240" is £1,440. */
const MAX_COUNT = 100_000;

/**
 * Whether an amount of the draft is one the sources give: the same value however written; a
 * percentage only by a percentage, as "15 %" off is another fact than 15 staff.
 */
export function isGivenAmount(amount: Amount, given: SourceValues): boolean {
  const pool = amount.percent ? given.percent : given.any;
  if (amount.values.some((v) => pool.has(v))) return true;
  return Boolean(amount.money) && amount.values.some((v) => isTotalOf(v, given));
}

/**
 * A sum of money that is a price the sources give times a count they give: "120 guests at 49 €
 * each" makes "5.880 €", "89 € per lift" for the row's 3 lifts "267 €". The draft did the
 * arithmetic; every figure in it is grounded.
 */
function isTotalOf(total: number, given: SourceValues): boolean {
  for (const price of given.money) {
    if (price <= 0) continue;
    const count = total / price;
    if (
      count >= 2 &&
      count <= MAX_COUNT &&
      Math.abs(count - Math.round(count)) < 1e-9 &&
      given.any.has(Math.round(count))
    )
      return true;
  }
  return false;
}
