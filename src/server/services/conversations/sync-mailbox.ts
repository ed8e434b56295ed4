import type { AppContext } from '../../context';
import { IMAP_SYNC_KEY, type SyncReport, syncImapMailbox } from './sync-imap';

type Ctx = Pick<AppContext, 'db' | 'config'>;

/** Queues a sync of one mailbox now ("Check now"); false when one was already waiting. */
export type MailboxSyncQueue = { syncNow(key: string): Promise<boolean> };

/** Each mailbox is synced this often (the periodic job's cron counts in whole minutes). */
export const SYNC_INTERVAL_SECONDS = 120;

/** The mailboxes the periodic sync reads: the deployment's IMAP mailbox when IMAP_URL is set. */
export async function mailboxesToSync(ctx: Ctx): Promise<string[]> {
  return ctx.config.mail.imap ? [IMAP_SYNC_KEY] : [];
}

/** One sync of the mailbox with this key (see ReplyMailbox); null when there is nothing to read. */
export async function syncMailbox(ctx: Ctx, key: string, now: () => Date): Promise<SyncReport | null> {
  if (key === IMAP_SYNC_KEY) {
    const settings = ctx.config.mail.imap;
    return settings ? syncImapMailbox({ db: ctx.db, settings, now }) : null;
  }
  throw new Error(`No sync for mailbox ${key}`);
}
