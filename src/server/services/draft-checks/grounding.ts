import type { Finding } from '../../../contract/draft-findings';
import { type Amount, amountsIn, isGivenAmount, type SourceValues, sourceValues } from './amounts';
import { addressesRecipient, opensSentence, reportsEvent, sentenceAround } from './claim-context';
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
    'team all everyone everybody friend friends colleague colleagues supporter supporters folks'
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
export function isGrounded(name: string, sources: string, places: PlacesGiven | undefined) {
  // A place the table knows is judged by what holds what: the county of the row's town is no news.
  const place = places ? judgePlace(name, places) : 'unknown';
  if (place !== 'unknown') return place === 'given' || sources.includes(bare(name));
  const grounded = (part: string) =>
    !/^\p{Lu}/u.test(part) || NOT_NAMES.has(bare(part)) || ACRONYM.test(part) || sources.includes(bare(part));
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
      if (isGrounded(name, sources, places)) continue;
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
