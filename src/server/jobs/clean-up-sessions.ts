import { z } from 'zod';
import { cleanUpRateLimitCounters } from '../auth/rate-limit-store';
import { cleanUpExpiredSessions } from '../auth/sessions';
import { cleanUpIdempotencyKeys } from '../idempotency/clean-up';
import { deleteKeptAnswersPastTheirDays } from '../services/conversations/inbox';
import { cleanUpWebhookEvents } from '../services/webhooks/clean-up';
import type { AppJob } from './app-job';

/**
 * Every 15 minutes, deletes sessions past their idle or absolute expiry, spent rate-limit
 * counters, Idempotency-Keys past their 24 hours, and webhook events (with their delivery logs)
 * settled more than WEBHOOK_LOG_DAYS ago, and the answers a workspace kept past its days.
 */
export const cleanUpSessionsJob: AppJob<z.ZodObject> = {
  name: 'sessions.clean-up',
  payload: z.object({}),
  cron: '*/15 * * * *',
  queue: { policy: 'singleton', retryLimit: 2 },
  async handle(ctx) {
    const deleted = await cleanUpExpiredSessions(ctx.db);
    if (deleted) ctx.log.info({ deleted }, 'expired sessions deleted');
    await cleanUpRateLimitCounters(ctx.db);
    const keys = await cleanUpIdempotencyKeys(ctx.db, ctx.clock());
    if (keys) ctx.log.info({ deleted: keys }, 'expired idempotency keys deleted');
    const events = await cleanUpWebhookEvents(ctx.db, ctx.clock(), ctx.config.webhooks.logDays);
    if (events) ctx.log.info({ deleted: events }, 'settled webhook events deleted');
    const answers = await deleteKeptAnswersPastTheirDays(ctx.db, ctx.clock());
    if (answers) ctx.log.info({ deleted: answers }, 'kept answers past their days deleted');
  },
};
