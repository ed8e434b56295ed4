import type { ImapSettings } from '../../config';
import type { Db } from '../../db/client';
import { type ImapInbox, type InboxHeaders, openImapInbox } from '../../mail/imap-inbox';
import { sendersOfMessageIds, usersByAddress } from '../../queries/mailbox-syncs';
import { CANDIDATE_HEADERS, candidatesAmong, SOURCE_LIMIT } from './candidates';
import { type InboundMessage, parseRawMessage, referencedMessageIds } from './inbound-message';
import { type RecordOutcome, recordInbound } from './record-inbound';
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
};

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
  return withSyncLease<ImapCursor>(deps.db, IMAP_SYNC_KEY, deps.now, deps.leaseMs ?? 5 * 60_000, (held) =>
    readNew(deps, held),
  );
}

async function readNew(deps: ImapSyncDeps, held: HeldMailbox<ImapCursor>) {
  const { db, settings, now } = deps;
  const { cursor } = held;
  const inbox = await openImapInbox(settings);
  try {
    const rescanned = !cursor || cursor.uidValidity !== inbox.uidValidity;
    const since = new Date(now().getTime() - settings.rescanDays * 86_400_000);
    const uids = rescanned ? await inbox.uidsSince(since) : await inbox.uidsAfter(cursor.lastUid);
    let recorded = 0;
    const batchSize = deps.batchSize ?? 200;
    for (let i = 0; i < uids.length; i += batchSize) {
      const batch = uids.slice(i, i + batchSize);
      const candidates = await candidatesAmong(db, await inbox.headers(batch, CANDIDATE_HEADERS));
      const sources = await inbox.sources(
        candidates.map((c) => c.uid),
        SOURCE_LIMIT,
      );
      for (const message of candidates) {
        const outcome = await recordOne(db, inbox, message, sources.get(message.uid));
        if (outcome?.recorded) recorded++;
      }
      await held.save({ uidValidity: inbox.uidValidity, lastUid: batch[batch.length - 1]! });
    }
    if (uids.length === 0 && rescanned) {
      // An empty mailbox still gets a cursor, so the next sync reads only what is new.
      await held.save({ uidValidity: inbox.uidValidity, lastUid: inbox.uidNext - 1 });
    }
    return { rescanned, read: uids.length, recorded };
  } finally {
    await inbox.close();
  }
}

async function recordOne(
  db: Db,
  inbox: ImapInbox,
  message: InboxHeaders,
  raw: Buffer | undefined,
): Promise<RecordOutcome | null> {
  // Gone since its headers were read (expunged by another client).
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
