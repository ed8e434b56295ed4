import { z } from 'zod';
import { releaseDueEmails } from '../services/sending/scheduled';
import type { AppJob } from './app-job';

/** Every minute (and at each scheduled time): scheduled emails whose time has come are sent. */
export const releaseScheduledJob: AppJob<z.ZodObject> = {
  name: 'emails.release-scheduled',
  payload: z.object({}),
  cron: '* * * * *',
  queue: { retryLimit: 3 },
  async handle(ctx) {
    await releaseDueEmails(ctx.db, ctx.sendQueue, ctx.clock());
  },
};
