import type { Finding } from '../../../contract/draft-findings';
import type { SenderProfileForPrompt } from '../../ai/prompts/sender-profile';
import { sentencesOf } from './claim-context';
import { keyText } from './claim-words';

/**
 * A sentence that states what the sender's profile says never to claim: "we can promise you won't
 * have downtime" against "that we can guarantee no downtime", "las subvenciones están
 * garantizadas", "RCVS-approved" against "that Vetora is approved or endorsed by the RCVS". An
 * entry is matched by its words, not its wording: each word by its start, and the words that
 * make such claims (guarantee, cheaper, approved, free) by meaning in four languages. Only the
 * part of an entry the profile does not state counts ("tribunal claims" are the sender's
 * business; a guarantee of their outcome is the claim), so a sentence must hold that part. The
 * prompt is left out of that: it often says what not to do ("no prometas cifras").
 */

/** Words that make the claim, by meaning: "promise" is a guarantee, "günstiger" a price claim. */
const CLAIM_WORDS: Record<string, string[]> = {
  // Not "certain" (French "certains clients" is "some clients"), "asegurar" ("make sure") nor
  // "prometedor" ("promising", of a market).
  GUARANTEE: [
    'guarant',
    'promise',
    'certainly',
    'certainement',
    'confident',
    'versprech',
    'garant',
    'prometo',
    'prometemos',
    'promets',
    'promett',
  ],
  CHEAPER: ['cheap', 'lowest', 'gunstiger', 'gunstigst', 'billiger', 'niedrigst', 'barat', 'economic'],
  APPROVED: ['approv', 'endors', 'accredit', 'zugelass', 'zertifiz', 'homolog', 'avalad', 'respaldad'],
  FREE: ['free', 'kostenlos', 'gratis', 'gratuit', 'umsonst'],
  // An entry forbidding "a specific figure": any number in a sentence is one (see termsOf).
  FIGURE: ['concret', 'konkret', 'bestimmt', 'specific', 'precis', 'exact', 'exakt'],
  // The provider they have now, which a price claim compares with ("cheaper than what you pay now").
  NOW: ['current', 'now', 'present', 'bisherig', 'derzeitig', 'aktuell', 'jetzig', 'actuel', 'actual'],
};
const MEANINGS = Object.entries(CLAIM_WORDS).map(
  ([meaning, starts]) => [meaning, new RegExp(`^(?:${starts.join('|')})`)] as const,
);

/** Phrases that make a price claim in more than one word: "moins cher", "plus bas", "más bajo". */
const CHEAPER_PHRASES = / (?:moins chers?e?s?|plus bas|moins eleves?|mas bajos?|mas baratos?) /g;
/**
 * Manners of speaking, not claims: "feel free to reply", "free to choose" (no price), and "as
 * promised", "wie versprochen", "comme promis", "como prometí" (a note sent as agreed, no guarantee).
 */
const IDIOMS =
  / (?:feel|feels) free | free to | as promised | wie versprochen | comme promis | como (?:prometi|prometimos|lo prometido|quedamos) /g;

/** Words that carry no claim: articles, pronouns, "that we", "any", "never". */
const STOP = new Set(
  (
    'that we our us are is be will can the a an any of to for by or and with than their them they it its ' +
    'never claim claims have has not no all every ' +
    'dass wir unser unsere sind ist die der das den dem des ein eine einen und oder als von mit für im in ' +
    'que nous notre nos sont est les le la un une des de du et ou avec par pour aux au en ' +
    'que nosotros nuestro nuestra son es el los las una unos del y o con por para al en esta estan'
  ).split(' '),
);

/** A bound in an entry, with its unit: "über 10 t", "more than 5 years", "plus de 50 salariés". */
const OVER_BOUND = / (?:over|more than|above|uber|mehr als|plus de|mas de) (\d+) (\p{L})?/gu;
/** What follows "without" in an entry is when it is forbidden, not what: "…sin estudio previo". */
const CONDITION = / (?:without|unless|ohne|sauf|sans|sin) .*$/;

/**
 * The words of a text as the rule compares them: claim words by meaning, others by their start;
 * a bound as ">10t" (the unit by its first letter), which any larger number of that unit meets;
 * and for a sentence (not an entry) every number a FIGURE, which "a specific saving" forbids.
 */
function termsOf(text: string, leaveOut: Set<string>, entry = false): string[] {
  let keyed = keyText(text).replace(CHEAPER_PHRASES, ' cheaper ').replace(IDIOMS, ' ');
  const terms: string[] = [];
  if (entry) {
    keyed = keyed.replace(CONDITION, ' ');
    keyed = keyed.replace(OVER_BOUND, (_, n: string, unit = '') => {
      terms.push(`>${n}${unit}`);
      return ' ';
    });
  } else {
    for (const m of keyed.matchAll(/ (\d+) (\p{L})/gu)) terms.push(`#${m[1]}${m[2]}`);
    if (/\d/.test(keyed)) terms.push('FIGURE');
  }
  for (const word of keyed.trim().split(' ')) {
    if (!word || STOP.has(word) || leaveOut.has(word)) continue;
    const meaning = MEANINGS.find(([, starts]) => starts.test(word))?.[0];
    if (meaning) terms.push(meaning);
    else if (/^\d+$/.test(word)) terms.push(word);
    else if (word.length >= 4) terms.push(word.slice(0, 5));
  }
  return [...new Set(terms)];
}

/** The words that give a guarantee outright, not a hedge ("confident", "certainly"). */
const OUTRIGHT_GUARANTEE = / (?:guarant|garant|versprech|promis|promet)/;

const isClaimWord = (term: string) => term in CLAIM_WORDS;

/** Whether a sentence's terms hold an entry's term; a bound is met by a larger number of its unit. */
function holds(terms: Set<string>, term: string) {
  const bound = /^>(\d+)(\p{L}?)$/u.exec(term);
  if (!bound) return terms.has(term);
  return [...terms].some((t) => {
    const m = /^#(\d+)(\p{L})$/u.exec(t);
    return !!m && Number(m[1]) > Number(bound[1]) && (!bound[2] || m[2] === bound[2]);
  });
}

type Rule = { entry: string; terms: string[]; own: string[]; claimWord: string | undefined };

/** A profile's rules, read once for all the drafts of a step (they share the profile object). */
const rulesOf = new WeakMap<SenderProfileForPrompt, { rules: Rule[]; leaveOut: Set<string> }>();

function readRules(profile: SenderProfileForPrompt) {
  const known = rulesOf.get(profile);
  if (known) return known;
  const { neverClaim = [], proofPoints = [], ...rest } = profile;
  const sources = [...Object.values(rest), ...proofPoints].join('\n');
  // The sender's own name and company are in every claim about them: they tell no claim apart.
  const leaveOut = new Set(
    keyText(`${profile.company ?? ''} ${profile.name ?? ''}`)
      .trim()
      .split(' '),
  );
  // What the profile states in words: its numbers meet no bound and make no FIGURE of it.
  const said = new Set(termsOf(sources, new Set()).filter((t) => t !== 'FIGURE' && !t.startsWith('#')));
  const rules = neverClaim
    .filter((e) => e.trim())
    .map((entry) => {
      const terms = termsOf(entry, leaveOut, true);
      const own = terms.filter((t) => !said.has(t));
      return { entry: entry.trim(), terms, own, claimWord: own.find(isClaimWord) };
    });
  const read = { rules, leaveOut };
  rulesOf.set(profile, read);
  return read;
}

export function neverClaimFindings(
  subject: string,
  bodyText: string,
  profile: SenderProfileForPrompt | null | undefined,
): Finding[] {
  if (!profile?.neverClaim?.length) return [];
  const { rules, leaveOut } = readRules(profile);
  const found: Finding[] = [];
  for (const [field, text] of [
    ['subject', subject],
    ['body', bodyText],
  ] as const)
    for (const sentence of sentencesOf(text)) {
      const terms = new Set(termsOf(sentence.text, leaveOut));
      for (const rule of rules) {
        if (rule.own.length === 0) continue;
        // The claim word of the entry, if it has one the sources do not say; else all of its own part.
        if (rule.claimWord ? !terms.has(rule.claimWord) : !rule.own.every((t) => holds(terms, t))) continue;
        // And what it is claimed of: "I'm confident…", "certainly" or "feel free" claim nothing the
        // entry names. A guarantee given outright ("we guarantee", "wir versprechen") is the claim
        // itself, whatever it guarantees: the profile states none.
        const outright = rule.claimWord === 'GUARANTEE' && OUTRIGHT_GUARANTEE.test(keyText(sentence.text));
        const shared = rule.terms.filter((t) => holds(terms, t));
        if (!outright && !shared.some((t) => t !== rule.claimWord)) continue;
        // Any number is a figure: it needs a word of the entry's own ("amortización"), not one the
        // profile states ("Steuer" of a tax adviser's every sentence).
        if (rule.claimWord === 'FIGURE' && !rule.own.some((t) => t !== 'FIGURE' && holds(terms, t))) continue;
        if (!outright && shared.length < Math.max(2, rule.terms.length / 2)) continue;
        found.push({
          kind: 'ungrounded',
          severity: 'high',
          span: { field, text: sentence.text.trim() },
          reason: `Your profile says never to claim this: "${rule.entry}"`,
        });
        break;
      }
    }
  return found;
}
