import type { Db } from '../../db/client';
import { releaseDueScheduled } from '../../queries/email-sending';

/** Scheduled emails whose time has come become queued and are handed to `send`. */
export async function releaseDueEmails(db: Db, send: (ids: number[]) => Promise<void>) {
  const due = await releaseDueScheduled(db, new Date());
  if (due.length) await send(due.map((r) => r.id));
  return due.length;
}
