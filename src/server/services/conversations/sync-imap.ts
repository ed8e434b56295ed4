import crypto from 'node:crypto';
import type { ImapSettings } from '../../config';
import type { Db } from '../../db/client';
import { type ImapInbox, type InboxHeaders, openImapInbox } from '../../mail/imap-inbox';
import {
  endSyncLease,
  saveSyncCursor,
  sendersOfMessageIds,
  takeSyncLease,
  usersByAddress,
} from '../../queries/mailbox-syncs';
import {
  type InboundMessage,
  isMailSystem,
  parseHeaderOnlyMessage,
  parseRawMessage,
  referencedMessageIds,
} from './inbound-message';
import { type RecordOutcome, recordInbound } from './record-inbound';

export const IMAP_SYNC_KEY = 'imap';

/** Where the IMAP sync stopped: the mailbox's UIDVALIDITY and the last UID read. */
type ImapCursor = { uidValidity: number; lastUid: number };

export type SyncReport =
  | { skipped: 'another worker is syncing' }
  | { skipped?: undefined; rescanned: boolean; read: number; recorded: number };

export type ImapSyncDeps = {
  db: Db;
  settings: ImapSettings;
  now: () => Date;
  /** Messages whose headers are read per round trip; the cursor moves after each batch. */
  batchSize?: number;
  /** How long a worker holds the mailbox without renewing; another may take it after. */
  leaseMs?: number;
};

/** The headers that decide whether a message may be about one of our emails. */
const HEADERS = [
  'message-id',
  'in-reply-to',
  'references',
  'from',
  'to',
  'subject',
  'content-type',
  'x-failed-recipients',
];
/** A bounce's report and the returned headers come first; the rest of a big message is not needed. */
const SOURCE_LIMIT = 256 * 1024;

/**
 * One sync of the deployment's IMAP mailbox (IMAP_URL), where local users' replies and bounces
 * arrive. Reads what arrived since the cursor (or, first and after a UIDVALIDITY change, the last
 * MAILBOX_RESCAN_DAYS), headers first; only messages that may be about our emails are read whole
 * and recorded (docs/product.md §12). The cursor moves after each batch, and each message is
 * recorded once under its Message-ID (else its UIDVALIDITY and UID), so a sync cut short anywhere,
 * or a reread of a rebuilt mailbox, records nothing twice. A lease in the database keeps other
 * workers off the mailbox.
 */
export async function syncImapMailbox(deps: ImapSyncDeps): Promise<SyncReport> {
  const { db, now } = deps;
  const leaseMs = deps.leaseMs ?? 5 * 60_000;
  const token = crypto.randomUUID();
  const lease = await takeSyncLease(db, IMAP_SYNC_KEY, token, now(), new Date(now().getTime() + leaseMs));
  if (!lease) return { skipped: 'another worker is syncing' };
  try {
    const report = await readNew(deps, token, lease.cursor as ImapCursor | null, leaseMs);
    await endSyncLease(db, IMAP_SYNC_KEY, token, now(), null);
    return report;
  } catch (err) {
    await endSyncLease(db, IMAP_SYNC_KEY, token, now(), (err as Error).message).catch(() => {});
    throw err;
  }
}

async function readNew(deps: ImapSyncDeps, token: string, cursor: ImapCursor | null, leaseMs: number) {
  const { db, settings, now } = deps;
  const inbox = await openImapInbox(settings);
  try {
    const rescanned = !cursor || cursor.uidValidity !== inbox.uidValidity;
    const since = new Date(now().getTime() - settings.rescanDays * 86_400_000);
    const uids = rescanned ? await inbox.uidsSince(since) : await inbox.uidsAfter(cursor.lastUid);
    let recorded = 0;
    const batchSize = deps.batchSize ?? 200;
    for (let i = 0; i < uids.length; i += batchSize) {
      const batch = uids.slice(i, i + batchSize);
      for (const message of await candidates(db, await inbox.headers(batch, HEADERS))) {
        const outcome = await recordOne(db, inbox, message);
        if (outcome?.recorded) recorded++;
      }
      const next: ImapCursor = { uidValidity: inbox.uidValidity, lastUid: batch[batch.length - 1]! };
      if (!(await saveSyncCursor(db, IMAP_SYNC_KEY, token, next, new Date(now().getTime() + leaseMs)))) {
        throw new Error('Another worker took over this mailbox');
      }
    }
    if (uids.length === 0 && rescanned) {
      // An empty mailbox still gets a cursor, so the next sync reads only what is new.
      const next = { uidValidity: inbox.uidValidity, lastUid: inbox.uidNext - 1 };
      await saveSyncCursor(db, IMAP_SYNC_KEY, token, next, new Date(now().getTime() + leaseMs));
    }
    return { rescanned, read: uids.length, recorded };
  } finally {
    await inbox.close();
  }
}

/**
 * Messages that may be about our emails: they refer to a Message-ID we sent, or come from a mail
 * system (a bounce may quote our id only in its body), or are a delivery report, or ask by
 * subject to unsubscribe. Everything else is left unread.
 */
async function candidates(db: Db, messages: InboxHeaders[]) {
  const parsed = messages.map((m) => ({ ...m, msg: parseHeaderOnlyMessage(m.headers) }));
  const ids = parsed.flatMap((p) => referencedMessageIds(p.msg).map((id) => `<${id}>`));
  const ours = await sendersOfMessageIds(db, [...new Set(ids)]);
  return parsed.filter(
    ({ msg, headers }) =>
      referencedMessageIds(msg).some((id) => ours.has(`<${id}>`)) ||
      isMailSystem(msg.from) ||
      headers.some(
        (h) =>
          (h.name.toLowerCase() === 'content-type' && /multipart\/report/i.test(h.value)) ||
          h.name.toLowerCase() === 'x-failed-recipients',
      ) ||
      /^\s*(re:\s*)?unsubscribe\s*$/i.test(msg.subject),
  );
}

async function recordOne(db: Db, inbox: ImapInbox, message: InboxHeaders): Promise<RecordOutcome | null> {
  const raw = await inbox.source(message.uid, SOURCE_LIMIT);
  if (!raw) return null;
  // A message the parser cannot read is passed over: stopping at it would hold the cursor forever.
  const msg = await parseRawMessage(raw).catch(() => null);
  if (!msg) return null;
  const owner = await ownerOf(db, msg);
  if (!owner) return null;
  return recordInbound(
    db,
    { userId: owner.id, address: owner.email },
    { key: sourceKey(inbox, message.uid, msg), receivedAt: message.receivedAt, link: null },
    msg,
  );
}

/**
 * The user a message in the shared mailbox belongs to: whoever sent the email it refers to, else
 * (an emailed unsubscribe request quoting nothing) the user it is addressed to.
 */
async function ownerOf(db: Db, msg: InboundMessage): Promise<{ id: number; email: string } | null> {
  const senders = await sendersOfMessageIds(
    db,
    referencedMessageIds(msg).map((id) => `<${id}>`),
  );
  const sender = [...senders.values()].find((s) => s.email);
  if (sender?.email) return { id: sender.id, email: sender.email };
  const [addressed] = await usersByAddress(db, msg.to);
  return addressed ?? null;
}

/**
 * The message's own Message-ID when it has one, so the same message read again after the mailbox
 * was rebuilt (new UIDVALIDITY, new UIDs) is still recognised; else its place in the mailbox.
 */
function sourceKey(inbox: ImapInbox, uid: number, msg: InboundMessage) {
  return msg.messageId ? `message-id:${msg.messageId}` : `imap:${inbox.uidValidity}:${uid}`;
}
