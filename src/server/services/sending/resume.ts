import type { Db } from '../../db/client';
import { queuedEmailsOfUser } from '../../queries/email-queueing';
import { markAccountMailboxNeedsReauth } from '../../queries/mailboxes';
import type { SendQueue } from './send-queue';

/**
 * After a new sign-in or connection with an account (fresh tokens): if sending from that account's
 * mailbox was paused because it refused its credentials, the waiting emails go out again. Queuing
 * an email twice is harmless (its claim is conditional), so all the person's queued emails are
 * queued again, not only that mailbox's.
 */
export async function resumePausedSending(db: Db, userId: number, accountId: number, queue: SendQueue) {
  const resumed = await markAccountMailboxNeedsReauth(db, accountId, false);
  if (resumed.length === 0) return 0;
  return requeueWaiting(db, userId, queue);
}

/** Queues again every email of the person's that waits in `queued` (after a mailbox resumed). */
export async function requeueWaiting(db: Db, userId: number, queue: SendQueue) {
  const ids = await queuedEmailsOfUser(db, userId);
  await queue.now(ids);
  return ids.length;
}
