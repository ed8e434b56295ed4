import type { Db } from '../../db/client';
import { releaseDueScheduled } from '../../queries/email-sending';

/**
 * Scheduled emails whose time has come (follow-ups included, once their step is due) become queued
 * and are handed to `send`.
 */
export async function releaseDueEmails(db: Db, send: (ids: number[]) => Promise<void>, now = new Date()) {
  const due = await releaseDueScheduled(db, now);
  if (due.length) await send(due.map((r) => r.id));
  return due.length;
}
