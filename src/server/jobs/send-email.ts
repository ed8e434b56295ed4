import { z } from 'zod';
import { sendQueuedBatch } from '../services/send-batch';
import type { JobDefinition } from './job-queue';

/** Emails per send job: one job row per hundred emails, not per email, keeps pg-boss's share of a send small. */
export const EMAILS_PER_SEND_JOB = 100;

const payload = z.union([
  z.object({ emailIds: z.array(z.number().int()).min(1).max(EMAILS_PER_SEND_JOB) }),
  // The one-email shape queued by earlier versions, still in the queue after an upgrade.
  z.object({ emailId: z.number().int() }).transform(({ emailId }) => ({ emailIds: [emailId] })),
]);

/**
 * Sends the emails of its jobs; a fetched batch of jobs is sent together (see send-batch). Waits
 * for pacing, Retry-After and backoff by queueing a new job for the right time.
 */
export const sendEmailJob: JobDefinition<typeof payload> = {
  name: 'email.send',
  payload,
  queue: { retryLimit: 5, retryDelay: 1, retryBackoff: true, expireInSeconds: 300 },
  // Each fetch takes up to 400 emails; three fetch loops keep the next batch coming while one sends.
  work: { pollingIntervalSeconds: 0.5, batchSize: 4 },
  fetchLoops: 3,
  // The queue always calls handleBatch; one job is a batch of one.
  handle(ctx, payload) {
    return sendEmailJob.handleBatch!(ctx, [payload]);
  },
  async handleBatch(ctx, payloads) {
    const retries = await sendQueuedBatch(
      ctx,
      payloads.flatMap((p) => p.emailIds),
    );
    for (const { emailId, at } of retries)
      await ctx.jobs.enqueue(sendEmailJob, { emailIds: [emailId] }, { startAfter: at });
  },
};

/** The payloads that send these emails, a job per hundred. */
export function sendJobsFor(emailIds: number[]) {
  const payloads: { emailIds: number[] }[] = [];
  for (let i = 0; i < emailIds.length; i += EMAILS_PER_SEND_JOB)
    payloads.push({ emailIds: emailIds.slice(i, i + EMAILS_PER_SEND_JOB) });
  return payloads;
}
