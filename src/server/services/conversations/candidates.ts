import type { Db } from '../../db/client';
import type { RawHeader } from '../../mail/imap-inbox';
import { type SentEmailMatch, sentEmailsByMessageIds } from '../../queries/inbound-messages';
import { isMailSystem, parseHeaderOnlyMessage, referencedMessageIds } from './inbound-message';

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
];

/** How much of a message the sync reads: a bounce's report and the returned headers come first. */
export const SOURCE_LIMIT = 256 * 1024;

/**
 * Messages that may be about our emails, from their headers alone: they refer to a Message-ID we
 * sent, or sit in a provider thread one of our emails started (`inOurThread`), or come from a
 * mail system (a bounce may quote our id only in its body), or are a delivery report, or ask by
 * subject to unsubscribe. Everything else is left unread.
 */
export async function candidatesAmong<T extends { headers: RawHeader[] }>(
  lookup: Db | SentEmailLookup,
  messages: T[],
  inOurThread: (message: T) => boolean = () => false,
) {
  const sentEmails = typeof lookup === 'function' ? lookup : sentEmailLookup(lookup);
  const parsed = messages.map((m) => ({ ...m, msg: parseHeaderOnlyMessage(m.headers) }));
  const ids = parsed.flatMap((p) => referencedMessageIds(p.msg));
  const ours = new Set((await sentEmails(ids)).map((m) => m.messageId));
  return parsed.filter(
    (m) =>
      referencedMessageIds(m.msg).some((id) => ours.has(id)) ||
      inOurThread(m) ||
      isMailSystem(m.msg.from) ||
      m.headers.some(
        (h) =>
          (h.name.toLowerCase() === 'content-type' && /multipart\/report/i.test(h.value)) ||
          h.name.toLowerCase() === 'x-failed-recipients',
      ) ||
      /^\s*(re:\s*)?unsubscribe\s*$/i.test(m.msg.subject),
  );
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
