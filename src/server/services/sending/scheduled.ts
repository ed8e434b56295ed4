import type { Db } from '../../db/client';
import { releaseDueScheduled } from '../../queries/email-queueing';
import type { SendQueue } from './send-queue';

/**
 * Scheduled emails whose time has come (follow-ups included, once their step is due) become queued
 * and are sent, their send jobs stored in the same transaction.
 */
export async function releaseDueEmails(db: Db, queue: SendQueue, now = new Date()) {
  const due = await queue.queueAndSend(db, async (tx) =>
    (await releaseDueScheduled(tx, now)).map((r) => r.id),
  );
  return due.length;
}
