import { z } from 'zod';
import { cleanUpRateLimitCounters } from '../auth/rate-limit-store';
import { cleanUpExpiredSessions } from '../auth/sessions';
import type { AppJob } from './app-job';

/** Deletes sessions past their idle or absolute expiry, and spent sign-in rate-limit counters, every 15 minutes. */
export const cleanUpSessionsJob: AppJob<z.ZodObject> = {
  name: 'sessions.clean-up',
  payload: z.object({}),
  cron: '*/15 * * * *',
  queue: { policy: 'singleton', retryLimit: 2 },
  async handle(ctx) {
    const deleted = await cleanUpExpiredSessions(ctx.db);
    if (deleted) ctx.log.info({ deleted }, 'expired sessions deleted');
    await cleanUpRateLimitCounters(ctx.db);
  },
};
