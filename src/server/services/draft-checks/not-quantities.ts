import type { Amount } from './amounts';
import { opensSentence } from './claim-context';
import { placesNamed } from './places';

/**
 * Numbers that name something rather than count it: a telephone number, a postcode, a street
 * number, a product or a standard ("Microsoft 365", "ISO 27001", "CAT 320"), a law's article
 * ("§ 147 AO", "article L. 145-34", "Real Decreto 244/2019") or a date's parts ("12/03/2026").
 * A signature's "Tel. 0161 496 0123" or "86150 Augsburg" is no figure about anyone, and the
 * grounding check leaves them alone in every language. Money and percentages always count.
 */

/**
 * A telephone number: after a word saying so ("Tel.", "call me on", "llámeme al"), or written the
 * international way ("+49 …"), or from a leading 0 ("0161 496 0123", "04 72 10 33 20") or an
 * area code in brackets ("(555) 123-4567"); seven digits or more, in groups. Spain's nine digits
 * have no leading 0 and come in threes from a 6, 7, 8 or 9 ("910 555 284").
 */
const PHONE =
  /(?:(?<![\p{L}])(?:tel|tél|telefon|teléfono|telefono|phone|fon|fax|mobil|mobile|móvil|portable|cell)\.?[ \t]*:?[ \t]*\+?|(?<![\p{L}])(?:call|ring|reach) (?:me|us)(?: directly)? (?:on|at)[ \t]+|(?<![\p{L}])(?:llam(?:ar|a)(?:me|nos)|ll[aá]m(?:e|en)(?:me|nos)) al[ \t]+|(?<![\p{L}])(?:appelez|joindre)[\p{L} ]{0,12} au[ \t]+|\+|(?<![\p{L}\p{N}.,])(?=0\d)|(?<![\p{L}\p{N}])(?=\(\d{2,5}\)))\(?\d[\d \t\u00a0\u202f()./-]{5,}\d|(?<![\p{L}\p{N}.,])[6-9]\d\d[ \u00a0][0-9]\d\d[ \u00a0]\d\d\d(?![\p{N}])/giu;

/** Where a law's article or a reference number stands before its number: "§", "Art.", "n°", "Ref:". */
const REFERENCE_BEFORE =
  /(?:§§?|(?<![\p{L}])(?:art|arts|artikel|article|articles|artículo|artículos|abs|absatz|nr|no|n°|nº|núm|num|chapter|section|kapitel|ref|reference|référence|referencia|az|aktenzeichen|invoice|rechnung|facture|factura|L|R|D))\.?[ \t]*:?[ \t]*$/iu;

/**
 * Words before a number that count it rather than name it ("over 300", "Ihre 300", "rund 650"),
 * and months, before a year: written with a capital in some languages or at the start of a title.
 */
const COUNTING_WORDS = new Set(
  (
    'over under about around nearly almost more than some up to your our their the all every with and for ' +
    'january february march april may june july august september october november december ' +
    'ihre ihren ihrer ihrem ihr unsere unseren unserer unser sie ihnen rund über fast knapp etwa mehr als bis zu ' +
    'für mit und von seit ab im januar februar märz mai juni juli oktober dezember ' +
    'votre vos notre nos plus de près environ pour avec et en depuis ' +
    'su sus nuestro nuestra nuestros nuestras más casi unos unas alrededor hasta para con y desde'
  ).split(' '),
);

/** The streets of addresses, whose number follows them: "Maximilianstraße 112", "Calle Mayor". */
const STREET =
  /(?:straße|strasse|weg|platz|allee|gasse|ring|damm|ufer|road|street|avenue|lane|drive|calle|avenida|paseo|plaza|rambla|carrer)$/iu;

/** A street's short form before its number: "Venloer Str. 112", "Station Rd. 4", "Avda. 12". */
const STREET_SHORT_BEFORE = /(?<![\p{L}])(?:str|rd|ave|avda|av|c|pl|bd|blvd)\.[ \t\u00a0]$/iu;
/** A rate's denominator: "2 in every 100", "3 von 100", "1 sur 100", "2 de cada 100". */
const PER_HUNDRED_BEFORE = /\d[ \t]+(?:in every|in|out of|of every|von|aus|auf|sur|de cada|de)[ \t]+$/iu;

/** The word just before a number, one space away, as it is written. */
const WORD_BEFORE = /(?<![\p{L}\p{N}])(\p{Lu}[\p{L}\p{N}&-]*)[ \t\u00a0]$/u;
/** A capitalised word or two after a number: a town, if the place table knows it. */
const WORDS_AFTER = /^[ \t\u00a0]+(\p{Lu}[\p{L}'’-]*(?:[ \t]+\p{Lu}[\p{L}'’-]*)?)/u;

/** The spans of a text's telephone numbers, found once per text. */
function phoneSpans(text: string): [number, number][] {
  return [...text.matchAll(PHONE)]
    .filter((m) => (m[0].match(/\d/g)?.length ?? 0) >= 7)
    .map((m) => [m.index, m.index + m[0].length]);
}

/** Whether an amount of `text` names something (see above): a reader of a text asks once per amount. */
export function namesNotQuantities(text: string): (amount: Amount) => boolean {
  let phones: [number, number][] | undefined;
  return (a) => {
    if (a.money || a.percent || a.scaled) return false;
    phones ??= phoneSpans(text);
    const end = a.index + a.text.length;
    if (phones.some(([from, to]) => a.index >= from && end <= to)) return true;
    const before = text.slice(Math.max(0, a.index - 40), a.index);
    const after = text.slice(end, end + 40);
    // A part of a date or a reference: "12/03/2026", "244/2019", "L. 145-34"; not a rating's "4.8/5".
    if (/\d[/-]$/.test(before) || (/^[/-]\d/.test(after) && !/^\/(?:5|10)(?!\d)/.test(after))) return true;
    if (REFERENCE_BEFORE.test(before) || STREET_SHORT_BEFORE.test(before)) return true;
    if (/^10{2,3}$/.test(a.digits) && PER_HUNDRED_BEFORE.test(before)) return true;
    // A postcode before its town: "86150 Augsburg", "69002 Lyon", "03201 Elche".
    const town = WORDS_AFTER.exec(after)?.[1];
    if (/^\d{4,5}$/.test(a.digits) && town && placesNamed(town.split(/\s+/)[0]!).length > 0) return true;
    // A name's number: "Microsoft 365", "ISO 27001", "CAT 320", "Calle Mayor 123"; a street's
    // even where it opens a line. A word opening a sentence may only count ("Rund 650", "The 300").
    const word = WORD_BEFORE.exec(before)?.[1];
    if (!word || COUNTING_WORDS.has(word.toLowerCase())) return false;
    return STREET.test(word) || !opensSentence(text, a.index - word.length - 1);
  };
}
