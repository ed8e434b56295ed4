import type { AppContext } from '../context';
import type { SendQueue } from '../services/sending/send-queue';
import { releaseScheduledJob } from './release-scheduled';
import { sendEmailJob, sendJobsFor } from './send-email';

/** The SendQueue services use, backed by pg-boss. */
export function sendQueue(ctx: AppContext): SendQueue {
  return {
    async now(ids) {
      await ctx.jobs.enqueueMany(sendEmailJob, sendJobsFor(ids));
    },
    async releaseAt(at) {
      await ctx.jobs.enqueue(releaseScheduledJob, {}, { startAfter: at });
    },
  };
}
