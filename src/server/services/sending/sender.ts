import { LRUCache } from 'lru-cache';
import { dailyLimitFor } from '../../../contract/email-rules';
import type { AppContext } from '../../context';
import type { WorkspaceId } from '../../db/schema';
import { findMailbox, type MailboxRow } from '../../queries/mailboxes';
import { findSenderSettings } from '../../queries/sender-settings';
import { findUser } from '../../queries/users';
import { type Mailbox, mailboxFor } from './mailbox';

export type SendDeps = Pick<AppContext, 'db' | 'config' | 'oidc' | 'tokens' | 'log' | 'metrics'>;

/**
 * Who is sending, through which mailbox, with which name and signature: the mailbox's own From
 * name and signature where it has them, else its owner's.
 */
export type Sender = {
  user: NonNullable<Awaited<ReturnType<typeof findUser>>>;
  mailbox: Mailbox & { row: MailboxRow };
  settings: Awaited<ReturnType<typeof findSenderSettings>>;
};

/** The emails of one workspace that leave from one mailbox. */
export type SendingMailbox = { mailboxId: number; workspaceId: WorkspaceId };

/**
 * Kept for a few seconds per process: a campaign's emails share one sender, and re-reading user,
 * account and settings for each was a third of a send's queries. Per database, so test apps in
 * one process never share entries.
 */
const SENDER_TTL_MS = 5_000;
/** Keyed by `mailboxId/workspaceId`: the mailbox, its owner's signature, the workspace's footer. */
const senderCaches = new WeakMap<object, LRUCache<string, Sender>>();

function senderCache(deps: SendDeps) {
  let cache = senderCaches.get(deps.db);
  if (!cache) {
    cache = new LRUCache<string, Sender>({ max: 1_000, ttl: SENDER_TTL_MS });
    senderCaches.set(deps.db, cache);
  }
  return cache;
}

/**
 * The sender of one workspace's emails from one mailbox, or null when the mailbox or its owner is
 * gone; throws MailAuthError when the mailbox waits for new credentials.
 */
export async function senderOf(deps: SendDeps, of: SendingMailbox): Promise<Sender | null> {
  const cache = senderCache(deps);
  const key = `${of.mailboxId}/${of.workspaceId}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const row = await findMailbox(deps.db, of.mailboxId);
  if (!row) return null;
  const composer = await composerOf(deps.db, row, of.workspaceId);
  if (!composer) return null;
  const sender: Sender = { ...composer, mailbox: { ...(await mailboxFor(deps, row)), row } };
  cache.set(key, sender);
  return sender;
}

/**
 * Whose name, address and signature a mailbox's emails for one workspace carry: the mailbox's own
 * From name and signature where it has them, else its owner's; the workspace's footer. Null when
 * the owner is gone. The send and the "as sent" preview both compose with it.
 */
export async function composerOf(db: SendDeps['db'], row: MailboxRow, workspaceId: WorkspaceId) {
  const user = await findUser(db, row.userId);
  if (!user) return null;
  const settings = await findSenderSettings(db, { userId: row.userId, workspaceId });
  return {
    user,
    settings: {
      ...settings,
      name: row.displayName ?? settings.name,
      signature: row.signature ?? settings.signature,
    },
    mailbox: { row },
  };
}

/** Drops a mailbox's cached senders, e.g. when it refused its credentials or was changed. */
export function forgetMailbox(deps: Pick<SendDeps, 'db'>, mailboxId: number) {
  const cache = senderCache(deps as SendDeps);
  for (const key of [...cache.keys()]) if (key.startsWith(`${mailboxId}/`)) cache.delete(key);
}

/** Sends per minute for this sender's mailbox, or undefined when it is not paced. */
export function pacingOf(deps: SendDeps, sender: Sender) {
  const key = sender.mailbox.pacingKey;
  return key ? deps.config.mail.perMinute?.[key] : undefined;
}

/**
 * The mailbox's daily limit for emails with or without the unsubscribe link: its own when set
 * (never above the product's limit without the link for those), else the product's.
 */
export function dailyLimitOf(sender: Sender, withLink: boolean) {
  return dailyLimitFor(withLink, sender.mailbox.row.dailyLimit);
}

/** The transport label of this sender's mailbox, for the emails_sent/failed metrics. */
export function transportOf(sender: Sender) {
  return sender.mailbox.transport.kind;
}
