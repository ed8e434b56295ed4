import type { Db } from '../../db/client';
import { deleteSettledWebhookEvents } from '../../queries/webhook-deliveries';

/**
 * Deletes the events delivered or given up more than `logDays` ago by the app's clock (with
 * their deliveries and logs); one still waiting stays. Answers how many went.
 */
export const cleanUpWebhookEvents = (db: Db, now: Date, logDays: number) =>
  deleteSettledWebhookEvents(db, new Date(now.getTime() - logDays * 86_400_000));
