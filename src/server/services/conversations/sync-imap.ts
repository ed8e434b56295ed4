import type { SearchObject } from 'imapflow';
import type { ImapSettings } from '../../config';
import type { Db } from '../../db/client';
import type { InboxHeaders } from '../../mail/imap-inbox';
import type { SentEmailMatch, SentEmailRef } from '../../queries/inbound-messages';
import { usersByAddress } from '../../queries/mailbox-syncs';
import type { AnswerReader } from './ai-category';
import {
  BODY_TOKEN_SEARCH,
  CANDIDATE_HEADERS,
  CANDIDATE_SEARCH,
  candidatesAmong,
  type SentEmailLookup,
  SOURCE_LIMIT,
  sentEmailLookup,
} from './candidates';
import { openImapInboxOnThread, type ParsingInbox } from './imap-thread';
import { type InboundMessage, referencedMessageIds } from './inbound-message';
import { type InboundItem, recordInboundBatch } from './record-inbound';
import { type HeldMailbox, type SyncReport, withSyncLease } from './sync-lease';

export const IMAP_SYNC_KEY = 'imap';

/** Where the IMAP sync stopped: the mailbox's UIDVALIDITY and the last UID read. */
type ImapCursor = { uidValidity: number; lastUid: number };

export type ImapSyncDeps = {
  db: Db;
  settings: ImapSettings;
  now: () => Date;
  /** Messages whose headers are read per round trip; the cursor moves after each batch. */
  batchSize?: number;
  /** How long a worker holds the mailbox without renewing; another may take it after. */
  leaseMs?: number;
  /** Its sync record's key: `imap` for IMAP_URL's, `mailbox:<id>` for one set up in Settings. */
  key?: string;
  /** The mailbox set up in Settings it reads; none for IMAP_URL's. */
  mailboxId?: number;
  /** Reads what a reply the rules could not place means (the AI provider), when one is set up. */
  reader?: AnswerReader;
  /** Opens the mailbox (the IMAP thread's); a test wraps it to see which messages are read whole. */
  openInbox?: typeof openImapInboxOnThread;
};

/**
 * One sync of an IMAP mailbox: the deployment's (IMAP_URL), where local users' replies and bounces
 * arrive, or one set up in Settings. Reads what arrived since the cursor (or, first and after a UIDVALIDITY change, the last
 * MAILBOX_RESCAN_DAYS), headers first; only messages that may be about our emails are read whole
 * and recorded (docs/product.md §12). The cursor moves after each batch, and each message is
 * recorded once under its Message-ID (else its UIDVALIDITY and UID), so a sync cut short anywhere,
 * or a reread of a rebuilt mailbox, records nothing twice. A lease in the database keeps other
 * workers off the mailbox.
 */
export async function syncImapMailbox(deps: ImapSyncDeps): Promise<SyncReport> {
  return withSyncLease<ImapCursor>(
    deps.db,
    deps.key ?? IMAP_SYNC_KEY,
    deps.now,
    deps.leaseMs ?? 5 * 60_000,
    (held) => readNew(deps, held),
  );
}

async function readNew(deps: ImapSyncDeps, held: HeldMailbox<ImapCursor>) {
  const { db, settings, now } = deps;
  const { cursor } = held;
  const inbox = await (deps.openInbox ?? openImapInboxOnThread)(settings);
  try {
    const rescanned = !cursor || cursor.uidValidity !== inbox.uidValidity;
    const since = new Date(now().getTime() - settings.rescanDays * 86_400_000);
    // Every new message counts as read and moves the cursor; the server's own search picks the few
    // whose headers are worth reading, so most of a mailbox never leaves it.
    const list = (only?: SearchObject) =>
      rescanned ? inbox.uidsSince(since, only) : inbox.uidsAfter(cursor.lastUid, only);
    const uids = await list();
    const worthReading = uids.length === 0 ? [] : await list(CANDIDATE_SEARCH);
    // Those whose body holds the word a request by token writes there: read whole unless bulk mail.
    const bodyWord = new Set(worthReading.length === 0 ? [] : await list(BODY_TOKEN_SEARCH));
    const bodyToken = (rest: InboxHeaders[]) => rest.filter((m) => bodyWord.has(m.uid));
    const batchSize = deps.batchSize ?? 500;
    const batches: number[][] = [];
    for (let i = 0; i < worthReading.length; i += batchSize)
      batches.push(worthReading.slice(i, i + batchSize));
    // Batches go through two stages: read (headers, the database's word on which are candidates,
    // their sources, parsed) and record. The next batches are read while this one is recorded,
    // the IMAP thread parsing while this thread records. Batches are recorded, and the cursor
    // moved past them, in order.
    // Each batch's read is dropped once taken, so a long rescan holds only the batches in flight.
    const reads = new Map<number, Promise<{ lookup: SentEmailLookup; read: ReadMessage[] }>>();
    let readsStarted = 0;
    const readBatch = (i: number) => {
      for (; readsStarted < Math.min(batches.length, i + 1 + READ_AHEAD); readsStarted++) {
        const lookup = sentEmailLookup(db);
        const read = inbox
          .headers(batches[readsStarted]!, CANDIDATE_HEADERS)
          .then((headers) => candidatesAmong(lookup, headers, undefined, bodyToken))
          .then((candidates) => readWhole(inbox, candidates))
          .then((read) => ({ lookup, read }));
        // A failure is met where the batch is awaited, not as an unhandled rejection meanwhile.
        read.catch(() => {});
        reads.set(readsStarted, read);
      }
      const read = reads.get(i)!;
      reads.delete(i);
      return read;
    };
    let recorded = 0;
    let recording: Promise<unknown> = Promise.resolve();
    for (const [i, batch] of batches.entries()) {
      const { lookup, read } = await readBatch(i);
      await recording;
      recording = recordBatch(db, inbox, lookup, read, deps.mailboxId ?? null, deps.reader).then(
        async (n) => {
          recorded += n;
          await held.save({ uidValidity: inbox.uidValidity, lastUid: batch[batch.length - 1]! });
        },
      );
      // A failure is met at the next await of `recording`, not as an unhandled rejection meanwhile.
      recording.catch(() => {});
    }
    await recording;
    // Past what was read, and past what the search left out: a message that arrived between the two
    // searches and was not found by the second is not a candidate either (UIDs only grow).
    const last = Math.max(uids.at(-1) ?? 0, worthReading.at(-1) ?? 0);
    if (last > 0) {
      await held.save({ uidValidity: inbox.uidValidity, lastUid: last });
    } else if (rescanned) {
      // An empty mailbox still gets a cursor, so the next sync reads only what is new.
      await held.save({ uidValidity: inbox.uidValidity, lastUid: inbox.uidNext - 1 });
    }
    return { rescanned, read: uids.length, recorded };
  } finally {
    await inbox.close();
  }
}

/** Batches read ahead of the one being recorded (the rest wait on the server). */
const READ_AHEAD = 2;

type ReadMessage = { uid: number; receivedAt: Date; msg: InboundMessage };

/**
 * The candidates read whole, in one FETCH, parsed (on the IMAP thread). A message gone since its
 * headers were read, or unreadable, is passed over, so the cursor is not held there.
 */
async function readWhole(inbox: ParsingInbox, candidates: InboxHeaders[]): Promise<ReadMessage[]> {
  if (candidates.length === 0) return [];
  const parsed = await inbox.messages(
    candidates.map((c) => c.uid),
    SOURCE_LIMIT,
  );
  return candidates.flatMap(({ uid, receivedAt }) => {
    const msg = parsed.get(uid);
    return msg ? [{ uid, receivedAt, msg }] : [];
  });
}

/**
 * Records a batch's messages: the sent emails they answer in one query, and the records in one
 * transaction of a few statements, so a batch costs a few round trips rather than a few per
 * message. A batch cut short records nothing, and the cursor has not moved past it.
 */
async function recordBatch(
  db: Db,
  inbox: ParsingInbox,
  lookup: SentEmailLookup,
  read: ReadMessage[],
  mailboxId: number | null,
  reader: AnswerReader | undefined,
): Promise<number> {
  if (read.length === 0) return 0;
  const matches = await lookup(read.flatMap(({ msg }) => referencedMessageIds(msg)));
  const items: InboundItem[] = [];
  for (const { uid, receivedAt, msg } of read) {
    const owner = await ownerOf(db, msg, matches);
    if (!owner) continue;
    items.push({
      mailbox: { userId: owner.id, address: owner.email, mailboxId },
      source: {
        key: sourceKey(inbox, uid, msg),
        receivedAt,
        link: null,
        ref: `imap:${inbox.uidValidity}:${uid}`,
      },
      msg,
      email: newestAnswered(msg, matches, owner.id),
    });
  }
  const outcomes = await recordInboundBatch(db, items, reader);
  return outcomes.filter((o) => o.recorded).length;
}

/**
 * The user a message in the shared mailbox belongs to: whoever sent the email it refers to, else
 * (an emailed unsubscribe request quoting nothing) the user it is addressed to.
 */
async function ownerOf(
  db: Db,
  msg: InboundMessage,
  matches: SentEmailMatch[],
): Promise<{ id: number; email: string } | null> {
  const refs = new Set(referencedMessageIds(msg));
  const sender = matches.find((m) => refs.has(m.messageId) && m.userEmail);
  if (sender?.userEmail) return { id: sender.userId, email: sender.userEmail };
  const [addressed] = await usersByAddress(db, msg.to);
  return addressed ?? null;
}

/** The owner's newest sent email the message refers to, as recordInbound would look it up. */
function newestAnswered(msg: InboundMessage, matches: SentEmailMatch[], userId: number): SentEmailRef | null {
  const refs = new Set(referencedMessageIds(msg));
  const mine = matches.filter((m) => m.userId === userId && refs.has(m.messageId));
  mine.sort((a, b) => (b.sentAt?.getTime() ?? -1) - (a.sentAt?.getTime() ?? -1) || b.id - a.id);
  const [newest] = mine;
  return newest
    ? {
        id: newest.id,
        workspaceId: newest.workspaceId,
        campaignId: newest.campaignId,
        recipientEmail: newest.recipientEmail,
      }
    : null;
}

/**
 * The message's own Message-ID when it has one, so the same message read again after the mailbox
 * was rebuilt (new UIDVALIDITY, new UIDs) is still recognised; else its place in the mailbox.
 */
function sourceKey(inbox: ParsingInbox, uid: number, msg: InboundMessage) {
  return msg.messageId ? `message-id:${msg.messageId}` : `imap:${inbox.uidValidity}:${uid}`;
}
