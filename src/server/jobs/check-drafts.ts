import { z } from 'zod';
import type { AppContext } from '../context';
import {
  campaignsToCheck,
  checkDraftsOfCampaign,
  recheckEditedClaims,
} from '../services/draft-checks/check-campaign';
import type { DraftCheckQueue } from '../services/draft-checks/draft-check-queue';
import type { AppJob } from './app-job';
import type { JobQueue } from './job-queue';

const payload = z.object({
  campaignId: z.number().int(),
  userId: z.number().int(),
  /** Only these edited drafts' claims, read again; without, every draft of the campaign. */
  emailIds: z.array(z.number().int()).min(1).max(1000).optional(),
});

/**
 * Checks every draft of a campaign once its emails are written (docs/product.md, "Draft checks").
 * A job of its own rather than the end of generation: checking a fixed-template draft costs more
 * than writing it (inline, it cut template generation to less than half its speed), and a person
 * can start reading while it runs (until then a draft's findings are null). Running it twice gives
 * the same findings.
 */
export const checkDraftsJob: AppJob<typeof payload> = {
  name: 'campaign.check-drafts',
  payload,
  queue: { policy: 'stately', retryLimit: 3, retryDelay: 2, retryBackoff: true },
  async handle(ctx, ids) {
    const claims = ctx.ai && { models: ctx.ai, concurrency: ctx.config.ai?.concurrency ?? 8 };
    const { emailIds, ...campaign } = ids;
    if (emailIds) {
      await recheckEditedClaims(ctx.db, { ...campaign, emailIds }, claims);
      return;
    }
    // The drafts were just written: their pages are read in id order.
    await ctx.database.refreshStatistics(['emails']);
    const found = await checkDraftsOfCampaign(ctx.db, campaign, claims);
    ctx.log.info({ ...campaign, withFindings: found }, 'drafts checked');
  },
};

/**
 * Queues the checks of every campaign with drafts nobody checked (run once a worker starts): drafts
 * written before the checks existed, or whose check job gave up, would otherwise wait for ever.
 */
export async function queueMissedDraftChecks(ctx: AppContext) {
  for (const ids of await campaignsToCheck(ctx.db)) await queueDraftChecks(ctx.jobs, ids);
}

/** The DraftCheckQueue on AppContext, backed by pg-boss: one queued and one running re-check per email. */
export function draftCheckQueueOn(jobs: JobQueue): DraftCheckQueue {
  return {
    async recheckClaims(ids) {
      await jobs.enqueue(checkDraftsJob, ids, { singletonKey: `emails-${ids.emailIds.join(',')}` });
    },
  };
}

/** One queued and one running check per campaign. */
export async function queueDraftChecks(jobs: JobQueue, ids: { campaignId: number; userId: number }) {
  await jobs.enqueue(checkDraftsJob, ids, { singletonKey: `campaign-${ids.campaignId}` });
}
