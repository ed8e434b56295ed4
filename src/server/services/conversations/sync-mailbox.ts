import type { AppContext } from '../../context';
import { gmailInbox } from '../../mail/gmail-inbox';
import { connectedMailboxes } from '../../queries/mailbox-syncs';
import { findUser } from '../../queries/users';
import { providerAccess } from '../provider-token';
import { canSearchSent } from '../sending/mailbox';
import { syncGmailMailbox } from './sync-gmail';
import { IMAP_SYNC_KEY, syncImapMailbox } from './sync-imap';
import type { SyncReport } from './sync-lease';

type Ctx = Pick<AppContext, 'db' | 'config' | 'oidc' | 'tokens'>;

/** Each mailbox is synced this often (the periodic job's cron counts in whole minutes). */
export const SYNC_INTERVAL_SECONDS = 120;

/**
 * The mailboxes the periodic sync reads: the deployment's IMAP mailbox when IMAP_URL is set, and
 * each Gmail mailbox whose owner allowed reading it (when the deployment asks for that).
 */
export async function mailboxesToSync(ctx: Pick<AppContext, 'db' | 'config'>): Promise<string[]> {
  const keys = ctx.config.mail.imap ? [IMAP_SYNC_KEY] : [];
  if (!ctx.config.auth.mailboxReadScope) return keys;
  for (const m of await connectedMailboxes(ctx.db)) {
    if (m.provider === 'google' && canSearchSent(m.provider, m.scopes)) keys.push(`google:${m.userId}`);
  }
  return keys;
}

/** One sync of the mailbox with this key (see ReplyMailbox); null when there is nothing to read. */
export async function syncMailbox(ctx: Ctx, key: string, now: () => Date): Promise<SyncReport | null> {
  if (key === IMAP_SYNC_KEY) {
    const settings = ctx.config.mail.imap;
    return settings ? syncImapMailbox({ db: ctx.db, settings, now }) : null;
  }
  const [provider, id] = key.split(':');
  const userId = Number(id);
  if (provider === 'google' && Number.isInteger(userId)) {
    const user = await findUser(ctx.db, userId);
    if (!user?.email) return null;
    const access = await providerAccess(ctx, userId, 'google');
    if (!ctx.config.auth.mailboxReadScope || !canSearchSent('google', access.scopes)) return null;
    const inbox = gmailInbox({
      baseUrl: ctx.config.mail.gmailApiUrl,
      token: access.token,
      timeoutMs: ctx.config.mail.timeoutMs,
    });
    return syncGmailMailbox({
      db: ctx.db,
      inbox,
      mailbox: { userId, address: user.email },
      key,
      now,
      rescanDays: ctx.config.mail.rescanDays,
    });
  }
  throw new Error(`No sync for mailbox ${key}`);
}
