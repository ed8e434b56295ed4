import { LRUCache } from 'lru-cache';
import type { AppContext } from '../../context';
import { findSenderSettings } from '../../queries/sender-settings';
import { findUser, latestProvider } from '../../queries/users';
import type { Maker } from '../../queries/workspaces';
import { type Mailbox, mailboxFor } from './mailbox';

export type SendDeps = Pick<AppContext, 'db' | 'config' | 'oidc' | 'tokens' | 'log' | 'metrics'>;

/** Who is sending, through which mailbox, with which name and signature. */
export type Sender = {
  user: NonNullable<Awaited<ReturnType<typeof findUser>>>;
  mailbox: Mailbox;
  settings: Awaited<ReturnType<typeof findSenderSettings>>;
};

/**
 * Kept for a few seconds per process: a campaign's emails share one sender, and re-reading user,
 * account and settings for each was a third of a send's queries. Per database, so test apps in
 * one process never share entries.
 */
const SENDER_TTL_MS = 5_000;
/** Keyed by `userId/workspaceId`: the person's mailbox and signature, the workspace's footer. */
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
 * The user's sender for one workspace's emails, or null when the user is gone; throws MailAuthError
 * when the mailbox needs a new sign-in.
 */
export async function senderOf(deps: SendDeps, maker: Maker): Promise<Sender | null> {
  const { userId } = maker;
  const cache = senderCache(deps);
  const key = `${userId}/${maker.workspaceId}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const user = await findUser(deps.db, userId);
  if (!user) return null;
  const sender = {
    user,
    mailbox: await mailboxFor(deps, user, await latestProvider(deps.db, userId)),
    settings: await findSenderSettings(deps.db, maker),
  };
  cache.set(key, sender);
  return sender;
}

/** Drops a cached sender, e.g. when its mailbox refused the token. */
export function forgetSender(deps: SendDeps, userId: number) {
  const cache = senderCache(deps);
  for (const key of [...cache.keys()]) if (key.startsWith(`${userId}/`)) cache.delete(key);
}

/** Sends per minute for this sender's mailbox, or undefined when it is not paced. */
export function pacingOf(deps: SendDeps, sender: Sender) {
  const key = sender.mailbox.pacingKey;
  return key ? deps.config.mail.perMinute?.[key] : undefined;
}

/** The transport label of this sender's mailbox, for the emails_sent/failed metrics. */
export function transportOf(sender: Sender) {
  return sender.mailbox.transport.kind;
}
