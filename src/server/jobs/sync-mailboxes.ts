import { z } from 'zod';
import { syncImapMailbox } from '../services/conversations/sync-imap';
import type { AppJob } from './app-job';

/**
 * Reads the mailboxes for replies, bounces and emailed unsubscribe requests every two minutes
 * (docs/product.md §12): today the deployment's IMAP mailbox, when IMAP_URL is set. A run that
 * finds another worker syncing leaves the mailbox to it.
 */
export const syncMailboxesJob: AppJob<z.ZodObject> = {
  name: 'mailboxes.sync',
  payload: z.object({}),
  cron: '*/2 * * * *',
  queue: { policy: 'singleton', retryLimit: 0 },
  async handle(ctx) {
    const settings = ctx.config.mail.imap;
    if (!settings) return;
    try {
      const report = await syncImapMailbox({ db: ctx.db, settings, now: () => new Date() });
      if (report.skipped === undefined && report.recorded > 0) ctx.log.info(report, 'mailbox synced');
    } catch (err) {
      // Kept on the mailbox's sync record for Settings to show; the next run tries again.
      ctx.log.warn({ err }, 'mailbox sync failed');
    }
  },
};
