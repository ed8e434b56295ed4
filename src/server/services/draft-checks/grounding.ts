import type { Finding } from '../../../contract/draft-findings';
import { addressesRecipient, opensSentence, reportsEvent, sentenceAround } from './claim-context';

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
const capitalisesNouns = (text: string) => (text.match(NOUN_CAPITALISING)?.length ?? 0) >= 3;

/**
 * Numbers worth checking: money, percentages, large counts, years, funding rounds, and ratings
 * with a decimal ("4.9-star", "4.8/5"; a whole "5-star" is as often a manner of speaking).
 */
const CLAIM_NUMBER =
  /(?:[$€£]\s?\d[\d,.]*\s?(?:k|m|bn|million|billion)?(?!\p{L})|\b\d[\d,.]*\s?%|\b\d[\d,.]*\s?(?:k|m|bn|million|billion)(?!\p{L})|\b(?:19|20)\d\d\b|\b\d{1,3}(?:,\d{3})+\b|\b\d{3,}\b|\bSeries [A-H]\b|\b\d[.,]\d(?=\s?-?\s?stars?\b|\s?(?:\/|out of)\s?(?:5|10)\b))/giu;
/** Counts that describe the sender's own offer ("a 15-minute call", "2 weeks"), not the recipient. */
const DURATION_AFTER = /^\s?-?\s?(?:minutes?|mins?|hours?|hrs?|days?|weeks?|months?|years?|seconds?)\b/i;

function mostlyCapitals(text: string) {
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  return letters >= 6 && (text.match(/\p{Lu}/gu)?.length ?? 0) / letters >= 0.6;
}

const digitsOf = (text: string) => text.replace(/[^\d]/g, '');
/** Every number of a text without its separators ("12,000" and "12000" alike; "87.5" as "875"). */
const numbersIn = (text: string) => new Set((text.match(/\d[\d,.]*\d|\d/g) ?? []).map(digitsOf));

/** A run of capitalised words ("Acme Robotics", "TechCrunch"), judged as one name. */
const NAME_RUN = /(?<![\p{L}\p{N}])\p{Lu}[\p{L}\p{N}&'’-]*(?:[ \t]+\p{Lu}[\p{L}\p{N}&'’-]*)*/gu;

/**
 * Whether a name is no news: each word, and each part of a hyphenated one ("Nomad-friendly",
 * "AI-specific"), is a known non-name, an acronym, lower-case after the hyphen or in the sources;
 * or the whole name is in the sources.
 */
function isGrounded(name: string, sources: string) {
  const grounded = (part: string) =>
    !/^\p{Lu}/u.test(part) || NOT_NAMES.has(bare(part)) || ACRONYM.test(part) || sources.includes(bare(part));
  return name.split(/\s+/).every((w) => w.split('-').every(grounded)) || sources.includes(bare(name));
}

export function groundingFindings(
  subject: string,
  bodyText: string,
  /** Everything the AI was given, lower-cased: row values, template text, sender settings. */
  sources: string,
): Finding[] {
  const found: Finding[] = [];
  const names: { field: 'subject' | 'body'; name: string; claim: boolean }[] = [];
  const sourceNumbers = numbersIn(sources);
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
    for (const m of text.matchAll(CLAIM_NUMBER)) {
      const claim = m[0].trim().replace(/[.,]+$/, '');
      if (DURATION_AFTER.test(text.slice(m.index + m[0].length))) continue;
      // "100%" is a manner of speaking ("100% free", "100 % sûr"), not a figure about anyone.
      if (/^100\s?%$/.test(claim)) continue;
      const digits = digitsOf(claim);
      if (
        claim.toLowerCase().startsWith('series ')
          ? sources.includes(claim.toLowerCase())
          : digits && sourceNumbers.has(digits)
      )
        continue;
      flag(field, claim, `"${claim}" is not in the recipient's row, the template or your settings`);
    }
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
      if (isGrounded(name, sources)) continue;
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
