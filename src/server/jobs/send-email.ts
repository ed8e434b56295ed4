import { z } from 'zod';
import { sendQueuedEmail } from '../services/send-email';
import type { JobDefinition } from './job-queue';

const payload = z.object({ emailId: z.number().int() });

/** Sends one email; waits (a new job at the right time) for pacing, Retry-After and backoff. */
export const sendEmailJob: JobDefinition<typeof payload> = {
  name: 'email.send',
  payload,
  queue: { retryLimit: 5, retryDelay: 1, retryBackoff: true, expireInSeconds: 300 },
  // pg-boss fetches at most batchSize jobs per poll, so the batch bounds throughput (batch ÷ interval).
  work: { pollingIntervalSeconds: 0.5, batchSize: 400 },
  // Several sends in flight per worker; each mailbox is still paced by its own send slots.
  concurrency: 16,
  async handle(ctx, { emailId }) {
    const outcome = await sendQueuedEmail(ctx, emailId);
    if (outcome.kind === 'retry')
      await ctx.jobs.enqueue(sendEmailJob, { emailId }, { startAfter: outcome.retryAt });
    if (outcome.kind === 'deferred') {
      await ctx.jobs.enqueue(sendEmailJob, { emailId }, { startAfter: outcome.deferUntil });
    }
  },
};
