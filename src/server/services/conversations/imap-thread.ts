import { Worker } from 'node:worker_threads';
import type { SearchObject } from 'imapflow';
import type { ImapSettings } from '../../config';
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
  | { id: number; op: 'open'; settings: ImapSettings }
  | { id: number; op: 'uidsSince'; session: number; since: Date; only?: SearchObject }
  | { id: number; op: 'uidsAfter'; session: number; uid: number; only?: SearchObject }
  | { id: number; op: 'headers'; session: number; uids: number[]; names: string[] }
  | { id: number; op: 'messages'; session: number; uids: number[]; maxBytes: number }
  | { id: number; op: 'close'; session: number };

export type ImapThreadReply = { id: number; value?: unknown; error?: string };

type Request = ImapThreadRequest extends infer R
  ? R extends ImapThreadRequest
    ? Omit<R, 'id'>
    : never
  : never;
type Pending = { resolve: (value: unknown) => void; reject: (err: Error) => void };
type Thread = { worker: Worker; pending: Map<number, Pending>; nextId: number };

let thread: Thread | null = null;

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
  await closing?.worker.terminate();
}

function call(request: Request): Promise<unknown> {
  thread ??= startThread();
  const t = thread;
  const id = t.nextId++;
  return new Promise((resolve, reject) => {
    t.pending.set(id, { resolve, reject });
    // The thread keeps the process alive only while it has work.
    t.worker.ref();
    t.worker.postMessage({ ...request, id });
  });
}

function startThread(): Thread {
  const source = import.meta.url.endsWith('.ts');
  // Next to this module: the .ts source (tests, tsx), the bundled .js in dist/server.
  const url = new URL(`./imap-thread-worker.${source ? 'ts' : 'js'}`, import.meta.url);
  // A worker thread does not inherit tsx's loader: the source goes through tsx's API.
  const worker = source
    ? new Worker(
        `import('tsx/esm/api').then((tsx) => tsx.tsImport(${JSON.stringify(url.href)}, ${JSON.stringify(import.meta.url)}))`,
        { eval: true },
      )
    : new Worker(url);
  worker.unref();
  const started: Thread = { worker, pending: new Map(), nextId: 1 };
  worker.on('message', ({ id, value, error }: ImapThreadReply) => {
    const waiting = started.pending.get(id);
    if (!waiting) return;
    started.pending.delete(id);
    if (started.pending.size === 0) worker.unref();
    if (error !== undefined) waiting.reject(new Error(error));
    else waiting.resolve(value);
  });
  const fail = (err: Error) => {
    if (thread === started) thread = null;
    for (const waiting of started.pending.values()) waiting.reject(err);
    started.pending.clear();
  };
  worker.on('error', (err) => fail(new Error(`The IMAP thread failed: ${err.message}`)));
  worker.on('exit', (code) => fail(new Error(`The IMAP thread stopped (exit code ${code})`)));
  return started;
}
