import { z } from 'zod';
import { generateSomeEmails, giveUpGeneration } from '../services/generation';
import type { GenerationQueue } from '../services/generation-queue';
import type { AppJob } from './app-job';
import { queueDraftChecks } from './check-drafts';
import type { JobQueue } from './job-queue';

const payload = z.object({ campaignId: z.number().int(), userId: z.number().int() });

/**
 * Generates a campaign's emails in chunks of GENERATION_CHUNK_SECONDS: each run hands the rest to
 * a new job, so a worker that dies loses at most one chunk's work, which the retried job redoes
 * for exactly the recipients still without an email.
 */
export const generateEmailsJob: AppJob<typeof payload> = {
  name: 'campaign.generate-emails',
  payload,
  // One queued and one running job per campaign (singletonKey = campaign id). Retries wait 2–4 s,
  // then twice as long each time: nine of them outlast an AI outage of about 17 to 34 minutes.
  queue: { policy: 'stately', retryLimit: 9, retryDelay: 2, retryBackoff: true },
  async handle(ctx, ids, attempt) {
    const deps = { db: ctx.db, ai: ctx.ai, aiConcurrency: ctx.config.ai?.concurrency ?? 8 };
    try {
      const outcome = await generateSomeEmails(deps, ids, Date.now() + ctx.config.generation.chunkMs, () =>
        queueDraftChecks(ctx.jobs, ids),
      );
      if (outcome === 'more') await ctx.generationQueue.start(ids);
    } catch (err) {
      ctx.log.error({ err, ...ids, retry: attempt.retryCount }, 'email generation failed');
      // Retried later (pg-boss, with backoff) unless this was the last try.
      if (!attempt.isLast) throw err;
      await giveUpGeneration(deps, ids, err);
    }
  },
};

/** The GenerationQueue on AppContext: one queued and one running job per campaign. */
export function generationQueueOn(jobs: JobQueue, expireSeconds: number): GenerationQueue {
  return {
    async start(ids) {
      await jobs.enqueue(generateEmailsJob, ids, {
        singletonKey: `campaign-${ids.campaignId}`,
        expireInSeconds: expireSeconds,
      });
    },
  };
}
