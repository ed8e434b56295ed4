/**
 * Whether a name in a draft stands where a claim about the recipient would: the cheap ungrounded
 * check flags a name only there. A name the AI was not given is as often general context ("a
 * track on GitOps", "the regulator's guidance", "clients ask for a certification") as an invented
 * fact, and nothing in the word itself tells the two apart; what a sentence says about whom does.
 * An invented fact is told to the recipient about themselves ("your sponsorship of…", "you led…",
 * "congratulations on…") or reported as an event of theirs ("moved to…", "won the…").
 */

/**
 * What follows a "you" that states nothing about the recipient: a modal ("you might enjoy…", "you
 * could…") suggests; a verb of hearing the news ("as you know", "you’ve probably seen") frames
 * general knowledge.
 */
const NO_CLAIM_AFTER_YOU =
  '(?:might|may|could|would|will|can|should|shall|know|knew|(?:(?:probably|already|likely)\\s+)?(?:saw|seen|heard|noticed|read))';

/**
 * The recipient addressed as the one the sentence is about: "your", "you’re", "you have". Not a
 * "you" that the sender's offer is aimed at ("a track for you", "happy to talk with you"), nor
 * one after "if" ("if you run…", "if your team…"): a supposition, not a claim.
 */
const SECOND_PERSON = new RegExp(
  `(?<!\\b(?:if|unless|whether)\\s+)\\b(?:your|yours|yourself|(?<!\\b(?:for|to|with)\\s+)you(?:[’'](?:re|ve))?(?![’'\\p{L}])(?!\\s+${NO_CLAIM_AFTER_YOU}\\b))`,
  'iu',
);

/** Praise for an event: what follows is a fact about the recipient by construction. */
const CONGRATULATING = /\b(?:congratulations|congrats|kudos)\b/i;

/** A greeting names the recipient: "Hi Sarah," to someone the row calls Sara is a claim gone wrong. */
const GREETING = /^\s*(?:hi|hello|hey|dear|good (?:morning|afternoon|evening))\b/i;

/**
 * Verbs of the events drafts invent about a company or a person (funding, launches, hires, awards,
 * moves, customers, talks), in the past or as they follow "congratulations on…": a claim that
 * something happened.
 */
const EVENT_VERB = new RegExp(
  `\\b(?:${[
    'raised|raising',
    'launched|launching',
    'opened|hired',
    'won|winning',
    'acquired|acquiring',
    'partnered|partnering',
    'announced|announcing',
    'expanded|expanding',
    'moved|switched|migrated',
    'joined|founded|co-founded',
    'featured|ranked|ranking|named|awarded|shortlisted',
    'signed|sponsored|sponsoring|secured|landed|closed|merged',
    'led|met|spoke|appointed|promoted',
  ].join('|')})\\b`,
  'i',
);
/** How many words before a name an event verb may stand and still have it as its object. */
const VERB_BEFORE = 3;

const lastWords = (text: string, n: number) =>
  text
    .split(/\s+/)
    .slice(-n - 1)
    .join(' ');

/** A title before a name ("Prof. Ruth Langley"), whose full stop ends no sentence. */
const TITLE_BEFORE = /(?:^|[^\p{L}])(?:mr|mrs|ms|dr|prof|st)$/iu;

/**
 * Whether the character at `i` ends a sentence: a line break, ! ? ;, or . or : followed by a
 * space (not "1.2M" nor "site.org/x", nor a title's "Dr. "). A colon counts because what follows
 * it is a point of its own ("a track for you: talks on GitOps at scale").
 */
function endsSentence(text: string, i: number) {
  const c = text[i];
  if (c === '\n' || c === '!' || c === '?' || c === ';') return true;
  if ((c !== '.' && c !== ':') || !/\s/.test(text[i + 1] ?? ' ')) return false;
  return c === ':' || !TITLE_BEFORE.test(text.slice(Math.max(0, i - 5), i));
}

/** Whether the word at `at` opens its sentence: nothing but spaces before it. */
export function opensSentence(text: string, at: number) {
  let i = at - 1;
  while (i >= 0 && (text[i] === ' ' || text[i] === '\t')) i--;
  return i < 0 || endsSentence(text, i);
}

/**
 * The sentence around position `at`, as [start, end) of the text: found by looking both ways
 * from a name, as most drafts have no name to judge and need no sentences at all.
 */
export function sentenceAround(text: string, at: number): [number, number] {
  let start = at;
  while (start > 0 && !endsSentence(text, start - 1)) start--;
  let end = at;
  while (end < text.length && !endsSentence(text, end)) end++;
  return [start, Math.min(text.length, end + 1)];
}

/** Every sentence of a text, with where it starts. */
export function sentencesOf(text: string): { start: number; text: string }[] {
  const out: { start: number; text: string }[] = [];
  for (let start = 0; start < text.length; ) {
    const [, end] = sentenceAround(text, start);
    out.push({ start, text: text.slice(start, end) });
    start = end;
  }
  return out;
}

/** Whether the sentence as a whole speaks to the recipient about themselves. */
export const addressesRecipient = (sentence: string) =>
  SECOND_PERSON.test(sentence) || CONGRATULATING.test(sentence) || GREETING.test(sentence);

/**
 * Whether an event verb stands just before the name at `at` of the sentence, the name being what
 * was won, joined or moved to ("moved to NetSuite", "featured in Vogue"). A name before the verb
 * is the one acting ("the Law Society announced…"): news about someone else, not the recipient.
 */
export const reportsEvent = (sentence: string, at: number) =>
  EVENT_VERB.test(lastWords(sentence.slice(Math.max(0, at - 60), at), VERB_BEFORE));
