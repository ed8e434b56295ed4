import type { Finding } from '../../../contract/draft-findings';
import { amountsIn, isGivenAmount, type SourceValues } from './amounts';
import { keyText } from './claim-words';
import { ungroundedFinds } from './ungrounded-finds';

/**
 * A count of the recipient's things that their row gives otherwise: "with 12 offices across Kent"
 * for a row whose offices column says 2, "Ihre 20 Mitarbeitenden" for 14, "nine vets" for 7. The
 * figure check passes over counts under 100 (they are as often a manner of speaking as a fact),
 * but where the row counts the very thing, another number for it is a claim gone wrong. The
 * thing is known by its word: the column's name ("offices", "anzahl_mitarbeiter") or the noun
 * after a number in a value ("2 offices in Maidstone"), compared by their first five letters.
 */

/**
 * Column words that say "how many" rather than what is counted, and units of time, which a rate's
 * column names after what it counts ("loads_per_month"): "six months" is no count of loads.
 */
const NOT_THINGS = new Set(
  (
    'count number num nb no total anzahl zahl nombre numero cantidad size qty m2 sqm amount ' +
    'year years month months week weeks day days hour hours jahr jahre monat monate woche wochen tag tage ' +
    'annee annees mois semaine semaines jour jours ano anos mes meses semana semanas dia dias'
  ).split(' '),
);
/** "monthly" and "months" are one unit of time: compared by their stems. */
const NOT_THING_STEMS = new Set([...NOT_THINGS].map((w) => w.slice(0, 5)));
const isNotThing = (word: string) => NOT_THINGS.has(word) || NOT_THING_STEMS.has(word.slice(0, 5));

/** Where a column's name goes on to the rate's unit: "loads_per_month", "kunden_pro_jahr". */
const PER = /^(?:per|pro|par|por|each|je|a)$/;

/** Numbers written as words, two to twenty, in the four languages (one is an article too). */
const NUMBER_WORDS: Record<string, number> = Object.fromEntries(
  [
    'two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty',
    'zwei drei vier funf sechs sieben acht neun zehn elf zwolf dreizehn vierzehn funfzehn sechzehn siebzehn achtzehn neunzehn zwanzig',
    'deux trois quatre cinq six sept huit neuf dix onze douze treize quatorze quinze seize dix-sept dix-huit dix-neuf vingt',
    'dos tres cuatro cinco seis siete ocho nueve diez once doce trece catorce quince dieciseis diecisiete dieciocho diecinueve veinte',
  ].flatMap((line) => line.split(' ').map((word, i) => [word, i + 2])),
);

/** Words before a number that make it a bound, not the count itself (as keyText writes them). */
const OVER =
  /(?:^|\s)(?:over|more than|above|at least|uber|mehr als|mindestens|plus de|au moins|mas de|al menos)\s*$/;
const UNDER = /(?:^|\s)(?:under|fewer than|less than|below|unter|weniger als|moins de|menos de)\s*$/;
const ABOUT =
  /(?:^|\s)(?:about|around|nearly|almost|roughly|some|approximately|rund|etwa|ca|circa|knapp|fast|environ|pres de|presque|quelque|unos|unas|alrededor de|casi|aproximadamente|cerca de)\s*$/;

/** The first five letters of a word: "offices" and "office", "Mitarbeitende" and "Mitarbeiter". */
const stem = (word: string) => word.slice(0, 5);

/** The counts a row gives, by the stem of the thing counted. */
function rowCounts(row: Record<string, string | null>): Map<string, number[]> {
  const counts = new Map<string, number[]>();
  const add = (word: string, value: number) => {
    if (word.length < 3 || isNotThing(word)) return;
    counts.set(stem(word), [...(counts.get(stem(word)) ?? []), value]);
  };
  for (const [column, value] of Object.entries(row)) {
    if (!value) continue;
    // A year's column ("gift_year") counts nothing.
    if (/^\s*\d{1,4}\s*$/.test(value) && !/year|jahr|annee|ano|date|datum/.test(keyText(column)))
      for (const word of keyText(column).trim().split(' ')) {
        if (PER.test(word)) break;
        add(word, Number(value));
      }
    for (const m of keyText(value).matchAll(/ (\d{1,4}) (\p{L}+)/gu)) add(m[2]!, Number(m[1]));
  }
  return counts;
}

/** Whether the row's count allows what the draft says, given its bound. */
function allows(rowValue: number, said: number, before: string) {
  if (OVER.test(before))
    return rowValue > said || (/at least|mindestens|au moins|al menos/.test(before) && rowValue === said);
  if (UNDER.test(before)) return rowValue < said;
  if (ABOUT.test(before)) return Math.abs(rowValue - said) <= Math.max(1, rowValue * 0.25);
  return rowValue === said;
}

export function rowCountFindings(
  subject: string,
  bodyText: string,
  row: Record<string, string | null>,
  /** The amounts of everything the AI was given: a count given anywhere is someone's. */
  given: SourceValues,
): Finding[] {
  const counts = rowCounts(row);
  const { found, flag } = ungroundedFinds();
  if (counts.size === 0) return found;
  for (const [field, text] of [
    ['subject', subject],
    ['body', bodyText],
  ] as const) {
    // Each word with the one after it (looked at, not taken, so each word is also a first).
    for (const m of text.matchAll(
      /(?<![\p{L}\p{N}]|\d[.,'’ ])(\d{1,4}|\p{L}+(?:-\p{L}+)?)(?=[ \t\u00a0]+(\p{L}+))/gu,
    )) {
      const [number, thing] = [keyText(m[1]!).trim(), keyText(m[2]!).trim()];
      const said = /^\d+$/.test(number) ? Number(number) : NUMBER_WORDS[number.replace(' ', '-')];
      const known =
        said !== undefined && thing.length >= 3 && !isNotThing(thing) ? counts.get(stem(thing)) : undefined;
      if (said === undefined || !known) continue;
      const before = keyText(text.slice(Math.max(0, m.index - 30), m.index));
      if (known.some((v) => allows(v, said, before))) continue;
      // The same figure given elsewhere (the sender's "9 sites") is someone else's count.
      if (/^\d+$/.test(number) && amountsIn(number).some((a) => isGivenAmount(a, given))) continue;
      const words = text.slice(
        m.index,
        m.index + m[0].length + text.slice(m.index + m[0].length).search(/\p{L}/u) + m[2]!.length,
      );
      flag(field, words, `"${words}": the recipient's row gives ${known.join(' or ')} for this`);
    }
  }
  return found;
}
