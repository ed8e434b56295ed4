import { z } from 'zod';
import { checkDraftsOfCampaign } from '../services/draft-checks/check-campaign';
import type { AppJob } from './app-job';
import type { JobQueue } from './job-queue';

const payload = z.object({ campaignId: z.number().int(), userId: z.number().int() });

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
  work: { pollingIntervalSeconds: 0.5 },
  async handle(ctx, ids) {
    const found = await checkDraftsOfCampaign(ctx.db, ids);
    ctx.log.info({ ...ids, withFindings: found }, 'drafts checked');
  },
};

/** One queued and one running check per campaign. */
export async function queueDraftChecks(jobs: JobQueue, ids: { campaignId: number; userId: number }) {
  await jobs.enqueue(checkDraftsJob, ids, { singletonKey: `campaign-${ids.campaignId}` });
}
