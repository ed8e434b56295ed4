import { z } from 'zod';
import { sendQueuedBatch } from '../services/send-batch';
import type { JobDefinition } from './job-queue';

const payload = z.object({ emailId: z.number().int() });

/**
 * Sends one email per job; a fetched batch of jobs is sent together (see send-batch). Waits for
 * pacing, Retry-After and backoff by queueing a new job for the right time.
 */
export const sendEmailJob: JobDefinition<typeof payload> = {
  name: 'email.send',
  payload,
  queue: { retryLimit: 5, retryDelay: 1, retryBackoff: true, expireInSeconds: 300 },
  // pg-boss fetches at most batchSize jobs per poll, so the batch bounds throughput (batch ÷ interval).
  work: { pollingIntervalSeconds: 0.5, batchSize: 400 },
  fetchLoops: 3,
  // The queue always calls handleBatch; one job is a batch of one.
  handle(ctx, payload) {
    return sendEmailJob.handleBatch!(ctx, [payload]);
  },
  async handleBatch(ctx, payloads) {
    const retries = await sendQueuedBatch(
      ctx,
      payloads.map((p) => p.emailId),
    );
    for (const { emailId, at } of retries)
      await ctx.jobs.enqueue(sendEmailJob, { emailId }, { startAfter: at });
  },
};
