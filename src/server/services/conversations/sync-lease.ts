import crypto from 'node:crypto';
import type { Db } from '../../db/client';
import { endSyncLease, saveSyncCursor, takeSyncLease } from '../../queries/mailbox-syncs';
import type { AnswerReader } from './ai-category';
import type { Mailbox } from './record-inbound';

/** What a sync returns: what it read and recorded, or that another worker holds the mailbox. */
export type SyncReport =
  | { skipped: 'another worker is syncing' }
  | { skipped?: undefined; rescanned: boolean; read: number; recorded: number };

/** What a sync of one user's Gmail or Outlook mailbox needs: its reader, owner and sync record. */
export type MailboxSyncDeps<Inbox> = {
  db: Db;
  inbox: Inbox;
  /** The mailbox's owner and address. */
  mailbox: Mailbox;
  /** Its sync record's key (`mailbox:<mailbox id>`). */
  key: string;
  now: () => Date;
  /** How far back a first sync, or one after the provider dropped the sync state, reads. */
  rescanDays: number;
  /** Messages listed per request. */
  pageSize?: number;
  /** How long a worker holds the mailbox without renewing; another may take it after. */
  leaseMs?: number;
  /** Reads what a reply the rules could not place means (the AI provider), when one is set up. */
  reader?: AnswerReader;
};

/** The held mailbox: where the last sync stopped, and how to move that mark (renewing the lease). */
export type HeldMailbox<Cursor> = { cursor: Cursor | null; save(cursor: Cursor): Promise<void> };

/**
 * Runs one sync of the mailbox `key` while holding its lease in the database, so one worker at a
 * time reads a mailbox; a worker that dies loses the lease after `leaseMs`. The run's outcome
 * (the time it ended well, or its error) is kept on the mailbox's sync record for Settings.
 */
export async function withSyncLease<Cursor>(
  db: Db,
  key: string,
  now: () => Date,
  leaseMs: number,
  run: (held: HeldMailbox<Cursor>) => Promise<Exclude<SyncReport, { skipped: string }>>,
): Promise<SyncReport> {
  const token = crypto.randomUUID();
  const until = () => new Date(now().getTime() + leaseMs);
  const lease = await takeSyncLease(db, key, token, now(), until());
  if (!lease) return { skipped: 'another worker is syncing' };
  const held: HeldMailbox<Cursor> = {
    cursor: lease.cursor as Cursor | null,
    async save(cursor) {
      if (!(await saveSyncCursor(db, key, token, cursor, until()))) {
        throw new Error('Another worker took over this mailbox');
      }
    },
  };
  try {
    const report = await run(held);
    await endSyncLease(db, key, token, now(), null);
    return report;
  } catch (err) {
    await endSyncLease(db, key, token, now(), (err as Error).message).catch(() => {});
    throw err;
  }
}
