import type { SearchObject } from 'imapflow';
import type { Db } from '../../db/client';
import type { RawHeader } from '../../mail/imap-inbox';
import { type SentEmailMatch, sentEmailsByMessageIds } from '../../queries/inbound-messages';
import { decodeWords, isMailSystem, messageIds, senderOf, unfold } from './message-headers';
import { isTokenUnsubscribeSubject, TOKEN_REQUEST_WORD } from './unsubscribe-token';

/** The headers that decide whether a message may be about one of our emails. */
export const CANDIDATE_HEADERS = [
  'message-id',
  'in-reply-to',
  'references',
  'from',
  'to',
  'subject',
  'content-type',
  'x-failed-recipients',
  // Bulk mail (newsletters) says "unsubscribe" in its body too; a person's request carries neither.
  'list-id',
  'list-unsubscribe',
];

/**
 * An IMAP SEARCH that finds at least every message signsOf below could mark, so an IMAP mailbox
 * sends the headers of those alone rather than of every message. It is wider, never narrower: a
 * header searched for with an empty string matches any message that has that header (RFC 3501
 * §6.4.4), and the other keys match substrings of the decoded header, case-insensitively. Only the
 * messages it finds are judged by their headers.
 */
export const CANDIDATE_SEARCH: SearchObject = {
  or: [
    { header: { 'in-reply-to': true } },
    { header: { references: true } },
    { header: { 'x-failed-recipients': true } },
    { header: { 'content-type': 'multipart/report' } },
    { subject: 'unsubscribe' },
    // The mail-system senders isMailSystem knows: mailer-daemon and its spellings, postmaster,
    // Exchange's MicrosoftExchange<hex>, and a "Mail Delivery Subsystem/System" name.
    { from: 'daemon' },
    { from: 'postmaster' },
    { from: 'microsoftexchange' },
    { from: 'mail delivery' },
    // A request by token in the body alone (BODY_TOKEN_SEARCH); its headers decide the rest.
    { body: TOKEN_REQUEST_WORD },
  ],
};

/**
 * The IMAP SEARCH for messages whose body may hold an unsubscribe request by token: the server
 * looks for the word in the body (RFC 3501 §6.4.4: a case-insensitive substring), so only those
 * few are read whole, and only when their headers do not mark them as bulk mail.
 */
export const BODY_TOKEN_SEARCH: SearchObject = { body: TOKEN_REQUEST_WORD };

/** How much of a message the sync reads: a bounce's report and the returned headers come first. */
export const SOURCE_LIMIT = 256 * 1024;

/**
 * Messages that may be about our emails, from their headers alone: they refer to a Message-ID we
 * sent, or sit in a provider thread one of our emails started (`inOurThread`), or come from a
 * mail system (a bounce may quote our id only in its body), or are a delivery report, or ask by
 * subject to unsubscribe, or (`bodyToken`, the provider's body search or preview) may ask in their
 * body with a token, bulk mail aside. Everything else is left unread. Most of a mailbox is none of these, so
 * the headers are only glanced at here, not parsed whole: this runs on every message the sync lists.
 */
export async function candidatesAmong<T extends { headers: RawHeader[] }>(
  sentEmails: SentEmailLookup,
  messages: T[],
  inOurThread: (message: T) => boolean = () => false,
  bodyToken?: BodyTokenCheck<T>,
): Promise<T[]> {
  const signs = messages.map((m) => signsOf(m.headers));
  const ours = new Set((await sentEmails(signs.flatMap((s) => s.refs))).map((m) => m.messageId));
  const byHeaders = messages.map(
    (m, i) => signs[i]!.notice || signs[i]!.refs.some((id) => ours.has(id)) || inOurThread(m),
  );
  // The rest, but bulk mail, may still be a request whose token is in its body alone.
  const rest = messages.filter((_, i) => !byHeaders[i] && !signs[i]!.bulk);
  const byBody = new Set(bodyToken && rest.length > 0 ? await bodyToken(rest) : []);
  return messages.filter((m, i) => byHeaders[i] || byBody.has(m));
}

/**
 * Of messages no header marks, those whose body may hold an unsubscribe request by token, found
 * with what the provider offers short of reading each whole: a search of the bodies on the server,
 * or the preview it lists with each message.
 */
export type BodyTokenCheck<T> = (messages: T[]) => T[] | Promise<T[]>;

/** Words a mail system's From carries; an encoded display name is decoded before it is judged. */
const MAIL_SYSTEM_HINT = /daemon|postmaster|microsoftexchange|delivery|=\?/i;
const UNSUBSCRIBE_SUBJECT = /^\s*(re:\s*)?unsubscribe\s*$/i;

/**
 * The Message-IDs the headers refer to (In-Reply-To and References; a report's own reference is
 * in its body), and whether they mark a notice worth reading whatever it refers to: from a mail
 * system, a delivery report, or an unsubscribe request by subject; and whether the message is bulk
 * mail (a list's headers), which is never a person's request.
 */
function signsOf(headers: RawHeader[]) {
  const refs: string[] = [];
  let notice = false;
  let bulk = false;
  let fromSeen = false;
  for (const { name, value } of headers) {
    const key = name.toLowerCase();
    if (key === 'in-reply-to' || key === 'references') refs.push(...messageIds(unfold(value)));
    else if (key === 'list-id' || key === 'list-unsubscribe') bulk = true;
    else if (key === 'from' && !fromSeen) {
      fromSeen = true;
      notice ||= MAIL_SYSTEM_HINT.test(value) && isMailSystem(senderOf(unfold(value)));
    } else if (key === 'content-type') notice ||= /multipart\/report/i.test(value);
    else if (key === 'x-failed-recipients') notice = true;
    else if (key === 'subject') {
      const subject = decodeWords(unfold(value));
      notice ||= UNSUBSCRIBE_SUBJECT.test(subject) || isTokenUnsubscribeSubject(subject);
    }
  }
  return { refs, notice, bulk };
}

/** Every sent email, of any user, with one of these Message-IDs (bare). */
export type SentEmailLookup = (ids: string[]) => Promise<SentEmailMatch[]>;

/**
 * A lookup that asks the database about each Message-ID once: the headers' lookup and the whole
 * messages' lookup of one batch share it, so the second asks only about ids found in the bodies.
 */
export function sentEmailLookup(db: Db): SentEmailLookup {
  const known = new Map<string, SentEmailMatch[]>();
  return async (ids) => {
    const asked = [...new Set(ids)];
    const missing = asked.filter((id) => !known.has(id));
    if (missing.length > 0) {
      for (const id of missing) known.set(id, []);
      for (const match of await sentEmailsByMessageIds(db, missing)) known.get(match.messageId)?.push(match);
    }
    return asked.flatMap((id) => known.get(id) ?? []);
  };
}
