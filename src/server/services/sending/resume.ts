import type { Db } from '../../db/client';
import { queuedEmailsOfUser } from '../../queries/email-queueing';
import { findUser, markMailboxNeedsReauth } from '../../queries/users';
import type { SendQueue } from './send-queue';

/**
 * After a new sign-in: if sending was paused because the mailbox refused its credentials, the
 * waiting emails go out again. Queuing an email twice is harmless (its claim is conditional).
 */
export async function resumePausedSending(db: Db, userId: number, queue: SendQueue) {
  const user = await findUser(db, userId);
  if (!user?.mailboxNeedsReauthAt) return 0;
  await markMailboxNeedsReauth(db, userId, false);
  const ids = await queuedEmailsOfUser(db, userId);
  await queue.now(ids);
  return ids.length;
}
