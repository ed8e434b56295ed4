import type { AnswerCategory } from '../../../contract/answers';
import { addressesIn, firstOtherAddress } from './left-company';
import { clauseBefore, normalise } from './opt-out';
import { laterDate } from './out-of-office';
import { INTERESTED, MEETING, NEGATION, NOT_INTERESTED, NOT_NOW, WRONG_PERSON } from './reply-phrases';
import { personText } from './reply-text';
import type { Verdict } from './verdict';

/**
 * What an answer means, by rules: its category, and for "not now" the day to write again when the
 * reply names one, for "wrong person" the colleague's address when it gives one.
 */
export type RuledCategory = {
  category: AnswerCategory;
  /** Not now: the first day of the month or the day the reply names (midnight UTC). */
  until: Date | null;
  /** Wrong person: whom to write to instead, when the reply gives an address. */
  colleagueAddress: string | null;
};

const compile = (phrases: string[]) =>
  phrases.map(
    (p) =>
      new RegExp(
        `${p.startsWith('^') ? '' : '(?<![\\p{L}\\p{N}])'}${p.replace(/ /g, '\\s+')}${p.endsWith('$') ? '' : '(?![\\p{L}])'}`,
        'u',
      ),
  );

const RULES = {
  wrongPerson: compile(WRONG_PERSON),
  notNow: compile(NOT_NOW),
  notInterested: compile(NOT_INTERESTED),
  meeting: compile(MEETING),
  interested: compile(INTERESTED),
};
/** How far ahead a day named in a reply must be to read as "not before then". */
const NOT_NOW_DAYS = 21;
const NEGATED = new RegExp(`(?<![\\p{L}])(${NEGATION.join('|')})(?![\\p{L}])`, 'u');

/**
 * The category the rules give an answer the mailbox sync judged (verdict.ts), or null when they
 * cannot tell: a person's reply none of the phrases fits, an unreadable message, a report about
 * another address. What the sync already knows decides first (a bounce, an absence, an emailed
 * unsubscribe request, a "no longer with the company" notice); a person's words are then read
 * for, in this order, someone else to ask, a time to ask again, a no, a meeting, a question and a
 * yes — a no before the yes, so a hedged no is never taken for interest.
 */
export function ruledCategory(
  verdict: Verdict,
  text: string,
  receivedAt: Date | null,
  own: { from: string | null; sender: string },
): RuledCategory | null {
  const plain = (category: AnswerCategory) => ({ category, until: null, colleagueAddress: null });
  switch (verdict.kind) {
    case 'bounce':
      return plain('bounce');
    case 'auto-reply':
      return plain('out-of-office');
    case 'unsubscribe-request':
      return plain('unsubscribe-request');
    case 'left-company':
      return { category: 'wrong-person', until: null, colleagueAddress: verdict.colleagueAddress };
    case 'reply':
      return personCategory(personText(text), receivedAt, own);
    default:
      return null;
  }
}

/** A person's reply, by its new text without quote, signature and phone footer. */
export function personCategory(
  written: string,
  receivedAt: Date | null,
  own: { from: string | null; sender: string },
): RuledCategory | null {
  const text = normalise(written).trim();
  if (text === '') return null;
  // A dot after a number ends no sentence: "nach dem 15. Januar wieder".
  const sentences = text
    .split(/\n+|(?<=[!?;]|(?<!\d)\.)\s+/)
    .map((s) => s.trim())
    .filter(Boolean);
  const found = (rules: RegExp[]) => sentences.some((s) => rules.some((r) => r.test(s)));
  if (found(RULES.wrongPerson))
    return {
      category: 'wrong-person',
      until: null,
      colleagueAddress: firstOtherAddress(addressesIn(written), [own.from, own.sender]),
    };
  if (found(RULES.notNow))
    return { category: 'not-now', until: laterDate(written, receivedAt), colleagueAddress: null };
  if (found(RULES.notInterested)) return { category: 'not-interested', until: null, colleagueAddress: null };
  // A day weeks ahead, with no phrase above: "write again after 15 January", "Am 1. Februar
  // starten wir … melden Sie sich dann". A meeting is asked for days ahead, not weeks.
  const later = laterDate(written, receivedAt);
  if (later && receivedAt && later.getTime() - receivedAt.getTime() >= NOT_NOW_DAYS * 86_400_000)
    return { category: 'not-now', until: later, colleagueAddress: null };
  if (found(RULES.meeting)) return { category: 'meeting-request', until: null, colleagueAddress: null };
  const interested = sentences.some((s) =>
    RULES.interested.some((r) => {
      const m = r.exec(s);
      return m !== null && !NEGATED.test(clauseBefore(s, m.index).split(/\s+/).slice(-3).join(' '));
    }),
  );
  if (interested) return { category: 'interested', until: null, colleagueAddress: null };
  if (sentences.some((s) => s.endsWith('?')))
    return { category: 'question', until: null, colleagueAddress: null };
  return null;
}
