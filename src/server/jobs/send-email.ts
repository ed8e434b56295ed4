import { z } from 'zod';
import { sendQueuedBatch } from '../services/sending/pipeline';
import { reconcileInterruptedSends } from '../services/sending/reconcile';
import type { AppJob } from './app-job';

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
export const sendEmailJob: AppJob<typeof payload> = {
  name: 'email.send',
  payload,
  queue: { retryLimit: 5, retryDelay: 1, retryBackoff: true, expireInSeconds: 300 },
  // Each fetch takes up to 800 emails; three fetch loops keep the next batch coming while one sends.
  // A campaign spread over several mailboxes sends each mailbox's share of a batch in chunks of its
  // own, so the larger the batch, the fuller those chunks and the fewer statements per email: with
  // three mailboxes a sender, eight jobs took about a tenth less of the embedded database's time
  // than four. A batch stays far inside the jobs' expiry: a paced mailbox hands back what it cannot
  // send soon, and an unpaced one sends four chunks at once.
  work: { batchSize: 8 },
  fetchLoops: 3,
  async handleBatch(ctx, payloads) {
    const { retries, reconcileAt } = await sendQueuedBatch(
      ctx,
      payloads.flatMap((p) => p.emailIds),
    );
    for (const { emailId, at } of retries)
      await ctx.jobs.enqueue(sendEmailJob, { emailIds: [emailId] }, { startAfter: at });
    // Sends of unknown outcome are settled by asking the Sent folder once their lease ends; the
    // minutely sweep would find them too, this is for punctuality.
    if (reconcileAt) await ctx.jobs.enqueue(reconcileSendingJob, {}, { startAfter: reconcileAt });
  },
};

/** The payloads that send these emails, a job per hundred. */
export function sendJobsFor(emailIds: number[]) {
  const payloads: { emailIds: number[] }[] = [];
  for (let i = 0; i < emailIds.length; i += EMAILS_PER_SEND_JOB)
    payloads.push({ emailIds: emailIds.slice(i, i + EMAILS_PER_SEND_JOB) });
  return payloads;
}

const reconcilePayload = z.object({
  /**
   * Set once by the embedded database's single process as it starts: every email claimed before
   * this moment was interrupted, lease or not. Its own claims come later and are left alone.
   */
  claimedBefore: z.string().datetime().optional(),
});

/**
 * Every minute, and right after a lease ends for a send of unknown outcome: emails stuck in
 * "sending" past their lease are settled (see the service), those that never left are sent again.
 * It lives beside the send job because each queues the other.
 */
export const reconcileSendingJob: AppJob<typeof reconcilePayload> = {
  name: 'emails.reconcile-sending',
  payload: reconcilePayload,
  cron: '* * * * *',
  queue: { retryLimit: 3 },
  async handle(ctx, { claimedBefore }) {
    const settled = await reconcileInterruptedSends(
      ctx,
      ctx.sendQueue,
      claimedBefore ? new Date(claimedBefore) : null,
    );
    if (settled) ctx.log.warn({ settled }, 'settled emails interrupted while sending');
  },
};
