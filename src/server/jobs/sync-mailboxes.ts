import { z } from 'zod';
import type { MailboxSyncQueue } from '../services/conversations/mailbox-sync-queue';
import { mailboxesToSync, SYNC_INTERVAL_SECONDS, syncMailbox } from '../services/conversations/sync-mailbox';
import type { AppJob } from './app-job';
import type { JobQueue } from './job-queue';

/**
 * Syncs one mailbox (docs/product.md §12): queued every two minutes for each mailbox, and by
 * "Check now". At most one is waiting and one running per mailbox (the queue's "stately" policy
 * keyed by the mailbox), and a lease in the database keeps a second worker off a mailbox
 * another is still reading.
 */
export const syncMailboxJob: AppJob<z.ZodObject<{ key: z.ZodString }>> = {
  name: 'mailbox.sync',
  payload: z.object({ key: z.string().min(1) }),
  queue: { policy: 'stately', retryLimit: 0, expireInSeconds: 15 * 60 },
  async handle(ctx, { key }) {
    try {
      const report = await syncMailbox(ctx, key, () => new Date());
      if (report && report.skipped === undefined && report.recorded > 0) {
        ctx.log.info({ key, ...report }, 'mailbox synced');
      }
    } catch (err) {
      // Kept on the mailbox's sync record for Settings to show; the next run tries again.
      ctx.log.warn({ err, key }, 'mailbox sync failed');
    }
  },
};

/** Every SYNC_INTERVAL_SECONDS (two minutes): queues a sync of each mailbox there is to read. */
export const syncMailboxesJob: AppJob<z.ZodObject> = {
  name: 'mailboxes.sync',
  payload: z.object({}),
  cron: `*/${SYNC_INTERVAL_SECONDS / 60} * * * *`,
  queue: { policy: 'singleton', retryLimit: 0 },
  async handle(ctx) {
    for (const key of await mailboxesToSync(ctx)) await ctx.mailboxSyncQueue.syncNow(key);
  },
};

/** The MailboxSyncQueue on AppContext, backed by pg-boss. */
export function mailboxSyncQueueOn(jobs: JobQueue): MailboxSyncQueue {
  return {
    async syncNow(key) {
      return (await jobs.enqueue(syncMailboxJob, { key }, { singletonKey: key })) !== null;
    },
  };
}
