import type { AppContext } from '../../context';
import { gmailInbox } from '../../mail/gmail-inbox';
import { graphInbox } from '../../mail/graph-inbox';
import { imapSettingsOf } from '../../mail/mailbox-servers';
import { readableMailboxes } from '../../queries/mailbox-syncs';
import { findMailbox } from '../../queries/mailboxes';
import { findUser } from '../../queries/users';
import { providerAccess } from '../provider-token';
import { canReadMail, imapLoginOf } from '../sending/mailbox';
import { aiAnswerReader } from './ai-category';
import { syncGmailMailbox } from './sync-gmail';
import { syncGraphMailbox } from './sync-graph';
import { IMAP_SYNC_KEY, syncImapMailbox } from './sync-imap';
import type { SyncReport } from './sync-lease';

type Ctx = Pick<AppContext, 'db' | 'config' | 'oidc' | 'tokens' | 'ai'>;

/** The sync record key of a mailbox (the deployment's IMAP_URL one is `imap`). */
export const mailboxSyncKey = (mailboxId: number) => `mailbox:${mailboxId}`;

/** Each mailbox is synced this often (the periodic job's cron counts in whole minutes). */
export const SYNC_INTERVAL_SECONDS = 120;

/**
 * The mailboxes the periodic sync reads, each on its own cursor and lease: the deployment's IMAP
 * mailbox when IMAP_URL is set, every mailbox set up in Settings with an IMAP login, and each Gmail
 * and Outlook mailbox whose owner allowed reading it (when the deployment asks for that).
 */
export async function mailboxesToSync(ctx: Pick<AppContext, 'db' | 'config'>): Promise<string[]> {
  const keys = ctx.config.mail.imap ? [IMAP_SYNC_KEY] : [];
  for (const m of await readableMailboxes(ctx.db)) {
    const readable = m.kind === 'smtp' || (ctx.config.auth.mailboxReadScope && canReadMail(m.kind, m.scopes));
    if (readable) keys.push(mailboxSyncKey(m.id));
  }
  return keys;
}

/** One sync of the mailbox with this key (see ReplyMailbox); null when there is nothing to read. */
export async function syncMailbox(ctx: Ctx, key: string, now: () => Date): Promise<SyncReport | null> {
  const reader = ctx.ai ? aiAnswerReader(ctx.ai) : undefined;
  if (key === IMAP_SYNC_KEY) {
    const settings = ctx.config.mail.imap;
    return settings ? syncImapMailbox({ db: ctx.db, settings, now, reader }) : null;
  }
  const id = Number(/^mailbox:(\d+)$/.exec(key)?.[1]);
  if (!Number.isInteger(id)) throw new Error(`No sync for mailbox ${key}`);
  const row = await findMailbox(ctx.db, id);
  if (!row || row.kind === 'server') return null;
  if (row.kind === 'smtp') {
    const login = imapLoginOf(ctx, row);
    if (!login) return null;
    const settings = imapSettingsOf(login, ctx.config.mail.servers);
    return syncImapMailbox({ db: ctx.db, settings, now, key, mailboxId: id, reader });
  }
  const provider = row.kind;
  // A connected account's mailbox has its own address; the sign-in one's is the person's.
  const address = row.address ?? (await findUser(ctx.db, row.userId))?.email;
  if (!address || !ctx.config.auth.mailboxReadScope) return null;
  const access = await providerAccess(ctx, row);
  if (!canReadMail(provider, access.scopes)) return null;
  const common = {
    db: ctx.db,
    mailbox: { userId: row.userId, address, mailboxId: row.id },
    key,
    now,
    rescanDays: ctx.config.mail.rescanDays,
    reader,
  };
  const client = { token: access.token, timeoutMs: ctx.config.mail.timeoutMs };
  return provider === 'google'
    ? syncGmailMailbox({ ...common, inbox: gmailInbox({ ...client, baseUrl: ctx.config.mail.gmailApiUrl }) })
    : syncGraphMailbox({ ...common, inbox: graphInbox({ ...client, baseUrl: ctx.config.mail.graphApiUrl }) });
}
