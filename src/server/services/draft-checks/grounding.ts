import type { Finding } from '../../../contract/draft-findings';
import { type Amount, amountsIn, isGivenAmount, type SourceValues, sourceValues } from './amounts';
import { addressesRecipient, opensSentence, reportsEvent, sentenceAround } from './claim-context';
import { keyText, SPEAKS_TO_RECIPIENT } from './claim-words';
import { namesNotQuantities } from './not-quantities';
import { judgePlace, type PlacesGiven } from './places';

/**
 * The cheap half of the ungrounded-claims check, for AI drafts: numbers and proper names in the
 * draft that appear nowhere in what the AI was given (the recipient's row, the template, the
 * sender's settings). A number of a kind that makes a claim (money, a percentage…) is flagged
 * wherever it stands; a name only where the sentence makes a claim about the recipient
 * (claim-context.ts), as a name elsewhere is mostly general context ("a talk on Kubernetes").
 * It cannot tell a true fact the model knew from an invented one; it says where to look. The AI
 * pass (a second structured call) judges the claims themselves.
 */

/** Capitalised words that are not names: greetings, sign-offs, days, months, pronouns. */
const NOT_NAMES = new Set(
  (
    'i hi hello hey dear thanks thank best regards kind warm cheers sincerely yours ps p.s ' +
    'monday tuesday wednesday thursday friday saturday sunday january february march april may june ' +
    'july august september october november december today tomorrow yesterday ' +
    'mr mrs ms dr prof the a an and or but if so as at in on of for to from with by we you your our my ' +
    'it its this that these those there here what when where why how who would could should will ' +
    'let looking just also quick happy great love ok okay no yes re fwd email ai ceo cto cfo coo ' +
    'vp hr it b2b b2c saas api faq q1 q2 q3 q4 sir madam ' +
    // Holidays, nationalities and the tools every office names: context, not claims.
    'christmas easter thanksgiving new year european american british english german french spanish ' +
    'italian dutch irish scottish welsh canadian australian zoom teams slack linkedin google meet ' +
    'calendly excel outlook gmail microsoft whatsapp ' +
    // Salutations that name no one ("Hi Team", "Dear Friend"), as a greeting counts as a claim.
    'team all everyone everybody friend friends colleague colleagues supporter supporters folks ' +
    // Public bodies every employer, school or firm answers to, written as words: context.
    'ofsted ofqual ofcom ofgem acas estyn ' +
    // Seasons, terms and the calendar's days of trade: "your Spring Term", "Black Friday".
    'spring summer autumn winter term black boxing bank holiday holidays ramadan eid diwali ' +
    'hanukkah halloween valentine'
  ).split(' '),
);

/** "I’d", "I’m", "Acme’s": the word without its contraction or possessive. */
const bare = (word: string) => word.toLowerCase().replace(/[’'](?:s|d|m|ll|ve|re)$/, '');
/** An acronym (GDPR, IFRS, SKUs): general terms far more often than claims about the recipient. */
const ACRONYM = /^\p{Lu}{2,6}s?$/u;
/**
 * Languages that capitalise every noun (German), or their polite "you" (Sie, Ihnen): there
 * capitals say nothing about names, so only numbers are checked.
 */
const NOUN_CAPITALISING = /\b(?:und|der|die|das|nicht|mit|für|Sie|Ihnen|Ihre[nmrs]?|wir|ich)\b/g;
export const capitalisesNouns = (text: string) => (text.match(NOUN_CAPITALISING)?.length ?? 0) >= 3;

/** Counts that describe the sender's own offer ("a 15-minute call", "2 weeks"), not the recipient. */
const DURATION_AFTER = /^\s?-?\s?(?:minutes?|mins?|hours?|hrs?|days?|weeks?|months?|years?|seconds?)\b/i;
/** A rating with a decimal ("4.9-star", "4.8/5"); a whole "5-star" is as often a manner of speaking. */
const RATING_AFTER = /^\s?-?\s?stars?\b|^\s?(?:\/|out of)\s?(?:5|10)\b/i;
const FUNDING_ROUND = /\bSeries [A-H]\b/g;

/**
 * Whether an amount makes a claim worth checking: money, a percentage, a multiplied amount
 * ("95k"), a year, a count of 100 or more, or a rating with a decimal.
 */
function isClaimAmount(a: Amount, after: string) {
  if (a.money || a.percent || a.scaled) return true;
  // Years read as counts too: 2025 is 100 or more.
  if (a.values.some((v) => v >= 100)) return true;
  return /^\d[.,]\d$/.test(a.digits) && RATING_AFTER.test(after);
}

/** A year: 1900 to 2099, written plain. */
const isYear = (a: Amount) => !a.money && !a.percent && !a.scaled && /^(?:19|20)\d\d$/.test(a.digits);
const MONTHS =
  'january|february|march|april|may|june|july|august|september|october|november|december|januar|februar|märz|juni|juli|oktober|dezember|janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre|enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre';
/**
 * A deadline before a year, with its day and month: "from April 2026", "ab dem 1. Januar 2027",
 * "à partir du 1er septembre 2026", "a partir de 2026", "by 2030": a date of a law or a plan.
 */
const DEADLINE_BEFORE = new RegExp(
  `(?<![\\p{L}])(?:from|by|until|till|before|ab|bis|spätestens|à partir d(?:u|e|es)|dès|d['’]ici|jusqu['’](?:en|au)|avant|a partir de(?:l)?|hasta|antes de)(?:[ \\t]+(?:the|le|el|dem|den|l['’]|de|del|\\d{1,2}(?:\\.|er|st|nd|rd|th)?|${MONTHS}))*[ \\t]*$`,
  'iu',
);

/** The sender speaking of themselves: their facts need grounding as much as the recipient's. */
const SENDER_SPEAKS =
  /(?<![\p{L}])(?:we|we['’](?:ve|re)|our|us|wir|uns|unser\p{L}*|nous|notre|nos|nosotros|nuestr\p{L}*|hemos)(?![\p{L}])/iu;

/**
 * Whether a year makes a claim: one in a sentence that speaks to the recipient (in any of the four
 * languages), of the sender, or names either's company, or that an event verb has as its time; and
 * not a deadline. A year elsewhere dates a law, a market or someone else ("seit Januar 2025 wird
 * die E-Rechnung Pflicht"): general context, as a name there would be.
 */
function yearClaims(text: string, at: number, claimNames: readonly string[]) {
  const [start, end] = sentenceAround(text, at);
  const sentence = text.slice(start, end);
  if (DEADLINE_BEFORE.test(text.slice(Math.max(0, at - 60), at))) return false;
  if (
    SPEAKS_TO_RECIPIENT.test(sentence) ||
    SENDER_SPEAKS.test(sentence) ||
    addressesRecipient(sentence) ||
    reportsEvent(sentence, at - start)
  )
    return true;
  const keyed = keyText(sentence);
  return claimNames.some((name) => keyed.includes(keyText(name)));
}

function mostlyCapitals(text: string) {
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  return letters >= 6 && (text.match(/\p{Lu}/gu)?.length ?? 0) / letters >= 0.6;
}

/** A run of capitalised words ("Acme Robotics", "TechCrunch"), judged as one name. */
export const NAME_RUN = /(?<![\p{L}\p{N}])\p{Lu}[\p{L}\p{N}&'’-]*(?:[ \t]+\p{Lu}[\p{L}\p{N}&'’-]*)*/gu;

/**
 * Whether a name is no news: each word, and each part of a hyphenated one ("Nomad-friendly",
 * "AI-specific"), is a known non-name, an acronym, lower-case after the hyphen or in the sources;
 * or the whole name is in the sources.
 */
/**
 * The last word of a law, a code or the body that applies it ("the Employment Rights Act", "the
 * Working Time Regulations", "an Employment Tribunal", "the Acas Code"): a name every reader of the
 * trade shares, general context rather than a fact about the recipient.
 */
const LAW_WORD =
  /^(?:Acts?|Bills?|Regulations?|Directives?|Codes?|Standards?|Rules|Framework|Guidance|Tribunals?|Ombudsman|Curriculum)$/;
/** The same after "of", its name going on: "the Code of Practice", "the Court of Appeal". */
const LAW_OF_BEFORE = /\b(?:Acts?|Bills?|Codes?|Court|Rules|Regulations?|Tribunals?)\s+of\s+(?:the\s+)?$/;

export function isGrounded(name: string, sources: string, places: PlacesGiven | undefined) {
  if (LAW_WORD.test(name.split(/\s+/).at(-1) ?? '')) return true;
  // A place the table knows is judged by what holds what: the county of the row's town is no news.
  const place = places ? judgePlace(name, places) : 'unknown';
  if (place !== 'unknown') return place === 'given' || sources.includes(bare(name));
  // A name's plural is the name: the row's "Kubota M7-153" makes "your Kubotas".
  const given = (word: string) =>
    sources.includes(word) || (/.[^s]s$/.test(word) && sources.includes(word.slice(0, -1)));
  const grounded = (part: string) =>
    !/^\p{Lu}/u.test(part) || NOT_NAMES.has(bare(part)) || ACRONYM.test(part) || given(bare(part));
  return name.split(/\s+/).every((w) => w.split('-').every(grounded)) || sources.includes(bare(name));
}

export function groundingFindings(
  subject: string,
  bodyText: string,
  /** Everything the AI was given, lower-cased: row values, template text, sender settings. */
  sources: string,
  /** The places the sources name, where known (places.ts). */
  places?: PlacesGiven,
  /** The amounts of the sources, if read already (amounts.ts). */
  values: SourceValues = sourceValues(sources),
  /** The names of the recipient, their company and the sender's: a sentence with one makes a claim. */
  claimNames: readonly string[] = [],
): Finding[] {
  const found: Finding[] = [];
  const names: { field: 'subject' | 'body'; name: string; claim: boolean }[] = [];
  const seen = new Set<string>();
  const flag = (field: 'subject' | 'body', text: string, reason: string) => {
    const key = `${field}:${text.toLowerCase()}`;
    if (seen.has(key)) return;
    seen.add(key);
    found.push({ kind: 'ungrounded', severity: 'medium', span: { field, text }, reason });
  };
  // Judged on the whole draft: a subject alone ("Dankeschön") is too short to tell.
  const nounsCapitalised = capitalisesNouns(`${subject}\n${bodyText}`);
  for (const [field, original] of [
    ['subject', subject],
    ['body', bodyText],
  ] as const) {
    // Placeholders ("[First Name]", "{{ company }}") are the deliverability check's to report.
    const text = original.replace(/\[[^\]\n]*\]|\{\{[^}]*\}\}/g, (m) => ' '.repeat(m.length));
    // Amounts and funding rounds in the order they read.
    const claims: { at: number; text: string }[] = [];
    const namesSomething = namesNotQuantities(text);
    for (const a of amountsIn(text)) {
      const after = text.slice(a.index + a.text.length);
      if (!isClaimAmount(a, after) || DURATION_AFTER.test(after) || namesSomething(a)) continue;
      if (isYear(a) && !yearClaims(text, a.index, claimNames)) continue;
      // "100%" is a manner of speaking ("100% free", "100 % sûr"), not a figure about anyone.
      if (a.percent && a.values.includes(100)) continue;
      if (!isGivenAmount(a, values)) claims.push({ at: a.index, text: a.text.replace(/[.,]+$/, '') });
    }
    for (const m of text.matchAll(FUNDING_ROUND))
      if (!sources.includes(m[0].toLowerCase())) claims.push({ at: m.index, text: m[0] });
    for (const claim of claims.sort((a, b) => a.at - b.at))
      flag(field, claim.text, `"${claim.text}" is not in the recipient's row, the template or your settings`);
    // Names, each judged with its sentence: whether one makes a claim depends on the sentence.
    // A text mostly in capitals is shouting (the deliverability check says so), not names.
    if (mostlyCapitals(text) || nounsCapitalised) continue;
    // The sentence of the last name judged, and whether it speaks to the recipient: names come in
    // order, so each sentence is found and judged once, however many names it holds.
    let [start, end, sentence, speaks] = [0, 0, '', false];
    for (const m of text.matchAll(NAME_RUN)) {
      let name = m[0];
      let at = m.index;
      // A run that opens a sentence: its first word is capitalised for grammar, not as a name.
      if (opensSentence(text, at)) {
        const rest = name.indexOf(' ');
        if (rest < 0) continue;
        at += rest + 1;
        name = name.slice(rest + 1);
      }
      if (isGrounded(name, sources, places) || LAW_OF_BEFORE.test(text.slice(Math.max(0, at - 30), at)))
        continue;
      if (at >= end) {
        [start, end] = sentenceAround(text, at);
        sentence = text.slice(start, end);
        speaks = addressesRecipient(sentence);
      }
      names.push({ field, name, claim: speaks || reportsEvent(sentence, at - start) });
    }
  }
  // A name is flagged only where it stands in a claim about the recipient (claim-context.ts), and
  // then everywhere it appears: a subject's "Saw Acme in Vogue" is the body's claim again.
  const claimed = new Set(names.filter((n) => n.claim).map((n) => n.name.toLowerCase()));
  for (const { field, name } of names) {
    if (claimed.has(name.toLowerCase()))
      flag(field, name, `"${name}" is not in the recipient's row, the template or your settings`);
  }
  return found;
}
