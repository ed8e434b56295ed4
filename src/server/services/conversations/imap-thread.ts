import type { SearchObject } from 'imapflow';
import type { ImapSettings } from '../../config';
import { startThread, type ThreadCalls } from '../../lib/thread-calls';
import type { ImapInbox, InboxHeaders } from '../../mail/imap-inbox';
import type { InboundMessage } from './inbound-message';

/**
 * The inbox as the sync reads it: listing and headers as ImapInbox, and, instead of raw sources,
 * the messages already parsed.
 */
export type ParsingInbox = Omit<ImapInbox, 'sources'> & {
  /** These messages, at most `maxBytes` of each read, parsed; one gone or unreadable is left out. */
  messages(uids: number[], maxBytes: number): Promise<Map<number, InboundMessage>>;
};

/** What the thread is asked (see imap-thread-worker): open a connection, or call one of its methods. */
export type ImapThreadRequest =
  | { op: 'open'; settings: ImapSettings }
  | { op: 'uidsSince'; session: number; since: Date; only?: SearchObject }
  | { op: 'uidsAfter'; session: number; uid: number; only?: SearchObject }
  | { op: 'headers'; session: number; uids: number[]; names: string[] }
  | { op: 'messages'; session: number; uids: number[]; maxBytes: number }
  | { op: 'close'; session: number };

let thread: ThreadCalls<ImapThreadRequest> | null = null;

/**
 * The IMAP inbox, read on a thread of its own: parsing what the server sends (imapflow's parser
 * for every listed header, mailparser for the messages read whole) is most of a sync's CPU, and
 * on the embedded database the database runs on this thread too. On the IMAP thread, the next
 * batches are read and parsed while this one is recorded here. One long-lived thread serves every
 * sync of the process (starting one costs more CPU than an incremental sync); it keeps nothing
 * between syncs but the connections they have open.
 */
export async function openImapInboxOnThread(settings: ImapSettings): Promise<ParsingInbox> {
  const opened = (await call({ op: 'open', settings })) as {
    session: number;
    uidValidity: number;
    uidNext: number;
  };
  const { session } = opened;
  return {
    uidValidity: opened.uidValidity,
    uidNext: opened.uidNext,
    uidsSince: async (since, only) => (await call({ op: 'uidsSince', session, since, only })) as number[],
    uidsAfter: async (uid, only) => (await call({ op: 'uidsAfter', session, uid, only })) as number[],
    headers: async (uids, names) => (await call({ op: 'headers', session, uids, names })) as InboxHeaders[],
    messages: async (uids, maxBytes) =>
      (await call({ op: 'messages', session, uids, maxBytes })) as Map<number, InboundMessage>,
    // Closing a connection the thread has already lost (it stopped, or the server hung up) is no
    // failure of the sync: the sync's own outcome stands.
    close: () =>
      call({ op: 'close', session }).then(
        () => {},
        () => {},
      ),
  };
}

/** Stops the IMAP thread (at shutdown); a sync after this starts a new one. */
export async function closeImapThread() {
  const closing = thread;
  thread = null;
  await closing?.terminate();
}

function call(request: ImapThreadRequest): Promise<unknown> {
  if (!thread) {
    const started = startThread<ImapThreadRequest>('imap-thread-worker', import.meta.url, {
      what: 'IMAP thread',
      onStop: () => {
        if (thread === started) thread = null;
      },
    });
    thread = started;
  }
  return thread.call(request);
}
