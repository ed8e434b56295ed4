import type { Db } from '../../db/client';
import type { RawHeader } from '../../mail/imap-inbox';
import { sentEmailsByMessageIds } from '../../queries/inbound-messages';
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
  db: Db,
  messages: T[],
  inOurThread: (message: T) => boolean = () => false,
) {
  const parsed = messages.map((m) => ({ ...m, msg: parseHeaderOnlyMessage(m.headers) }));
  const ids = parsed.flatMap((p) => referencedMessageIds(p.msg));
  const ours = new Set((await sentEmailsByMessageIds(db, [...new Set(ids)])).map((m) => m.messageId));
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
