import type { MailboxSyncStatus } from '../../../contract/conversations';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { findSyncState } from '../../queries/conversation-reads';
import { defaultMailboxOf } from '../../queries/mailboxes';
import { findOauthAccount, findUser } from '../../queries/users';
import { canReadMail } from '../sending/mailbox';
import { IMAP_SYNC_KEY } from './sync-imap';
import { mailboxSyncKey, SYNC_INTERVAL_SECONDS } from './sync-mailbox';

type Ctx = Pick<AppContext, 'db' | 'config'>;

/** A mailbox the sync reads: `imap` (the deployment's) or `mailbox:<mailbox id>`. */
export type ReplyMailbox = {
  key: string;
  kind: 'gmail' | 'outlook' | 'imap';
  address: string;
  canRead: boolean;
};

/**
 * The mailbox where replies and bounces to a user's default mailbox arrive: that Gmail or Outlook
 * mailbox, or the IMAP login of one set up in Settings, else the deployment's IMAP mailbox
 * (IMAP_URL), where replies to mail sent through SMTP_URL land; null when there is none.
 */
export async function replyMailboxOf(ctx: Ctx, userId: number): Promise<ReplyMailbox | null> {
  const row = await defaultMailboxOf(ctx.db, userId);
  if (!row) return null;
  if (row.kind === 'smtp') {
    return {
      key: mailboxSyncKey(row.id),
      kind: 'imap',
      address: `${row.imapUser ?? row.address} on ${row.imapHost}`,
      canRead: row.imapHost !== null,
    };
  }
  const provider = row.kind;
  if (provider === 'server') {
    const imap = ctx.config.mail.imap;
    if (!imap) return null;
    const url = new URL(imap.url);
    return {
      key: IMAP_SYNC_KEY,
      kind: 'imap',
      address: `${decodeURIComponent(url.username)} on ${url.hostname}`,
      canRead: true,
    };
  }
  const [user, account] = await Promise.all([
    findUser(ctx.db, userId),
    row.oauthAccountId ? findOauthAccount(ctx.db, row.oauthAccountId) : null,
  ]);
  return {
    key: mailboxSyncKey(row.id),
    kind: provider === 'google' ? 'gmail' : 'outlook',
    address: row.address ?? user?.email ?? '',
    canRead: ctx.config.auth.mailboxReadScope && canReadMail(provider, account?.scopes ?? null),
  };
}

/** GET /api/mailbox/sync-status for the signed-in user (Settings). */
export async function syncStatusOf(ctx: Ctx, userId: number, now: Date): Promise<MailboxSyncStatus> {
  const mailbox = await replyMailboxOf(ctx, userId);
  const base = { intervalSeconds: SYNC_INTERVAL_SECONDS };
  if (!mailbox) {
    return {
      ...base,
      mailbox: null,
      hint:
        'Replies and bounces are read from a mailbox over IMAP. Set IMAP_URL to the mailbox your ' +
        'emails are sent from, and Tailor marks replied and bounced emails and honours unsubscribe ' +
        'requests sent by email.',
    };
  }
  const state = await findSyncState(ctx.db, mailbox.key);
  return {
    ...base,
    mailbox: {
      kind: mailbox.kind,
      address: mailbox.address,
      canRead: mailbox.canRead,
      lastSyncedAt: state?.lastSyncedAt?.toISOString() ?? null,
      syncing: !!state?.leaseUntil && state.leaseUntil > now,
      lastError: state?.lastError ?? null,
      lastErrorAt: state?.lastError ? (state.lastErrorAt?.toISOString() ?? null) : null,
    },
    hint: mailbox.canRead ? null : readAccessHint(ctx),
  };
}

function readAccessHint(ctx: Ctx) {
  const gains =
    'Tailor can mark emails as replied or bounced, stop sending to addresses that bounced, and ' +
    'honour unsubscribe requests sent by email when it may read your mailbox.';
  return ctx.config.auth.mailboxReadScope
    ? `${gains} Sign out and sign in again, and allow reading your mail when asked.`
    : `${gains} Your administrator turns this on with MAILBOX_READ_SCOPE=true; you then sign in again.`;
}

/**
 * "Check now": queues a sync of the user's mailbox. `queued` is false when one was already
 * waiting (it will read what is new just the same).
 */
export async function checkMailboxNow(
  ctx: Pick<AppContext, 'db' | 'config' | 'mailboxSyncQueue'>,
  userId: number,
): Promise<{ queued: boolean }> {
  const mailbox = await replyMailboxOf(ctx, userId);
  if (!mailbox) throw new AppError('not_configured', 'There is no mailbox to read: set IMAP_URL.');
  if (!mailbox.canRead) throw new AppError('conflict', readAccessHint(ctx));
  return { queued: await ctx.mailboxSyncQueue.syncNow(mailbox.key) };
}
