import type { AppContext } from '../../context';
import { gmailInbox } from '../../mail/gmail-inbox';
import { graphInbox } from '../../mail/graph-inbox';
import { connectedMailboxes } from '../../queries/mailbox-syncs';
import { findUser } from '../../queries/users';
import { providerAccess } from '../provider-token';
import { canReadMail } from '../sending/mailbox';
import { syncGmailMailbox } from './sync-gmail';
import { syncGraphMailbox } from './sync-graph';
import { IMAP_SYNC_KEY, syncImapMailbox } from './sync-imap';
import type { SyncReport } from './sync-lease';

type Ctx = Pick<AppContext, 'db' | 'config' | 'oidc' | 'tokens'>;

/** The sync record key of a user's Gmail or Outlook mailbox (the deployment's IMAP one is `imap`). */
export const providerMailboxKey = (provider: 'google' | 'microsoft', userId: number) =>
  `${provider}:${userId}`;

/** Each mailbox is synced this often (the periodic job's cron counts in whole minutes). */
export const SYNC_INTERVAL_SECONDS = 120;

/**
 * The mailboxes the periodic sync reads: the deployment's IMAP mailbox when IMAP_URL is set, and
 * each Gmail and Outlook mailbox whose owner allowed reading it (when the deployment asks for that).
 */
export async function mailboxesToSync(ctx: Pick<AppContext, 'db' | 'config'>): Promise<string[]> {
  const keys = ctx.config.mail.imap ? [IMAP_SYNC_KEY] : [];
  if (!ctx.config.auth.mailboxReadScope) return keys;
  for (const m of await connectedMailboxes(ctx.db)) {
    if (canReadMail(m.provider, m.scopes)) keys.push(providerMailboxKey(m.provider, m.userId));
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
  if ((provider !== 'google' && provider !== 'microsoft') || !Number.isInteger(userId)) {
    throw new Error(`No sync for mailbox ${key}`);
  }
  const user = await findUser(ctx.db, userId);
  if (!user?.email || !ctx.config.auth.mailboxReadScope) return null;
  const access = await providerAccess(ctx, userId, provider);
  if (!canReadMail(provider, access.scopes)) return null;
  const common = {
    db: ctx.db,
    mailbox: { userId, address: user.email },
    key,
    now,
    rescanDays: ctx.config.mail.rescanDays,
  };
  const client = { token: access.token, timeoutMs: ctx.config.mail.timeoutMs };
  return provider === 'google'
    ? syncGmailMailbox({ ...common, inbox: gmailInbox({ ...client, baseUrl: ctx.config.mail.gmailApiUrl }) })
    : syncGraphMailbox({ ...common, inbox: graphInbox({ ...client, baseUrl: ctx.config.mail.graphApiUrl }) });
}
