import { z } from 'zod';
import { reconcileInterruptedSends } from '../services/reconcile-sending';
import type { JobDefinition } from './job-queue';
import { sendEmailJob, sendJobsFor } from './send-email';

const payload = z.object({ everything: z.boolean().default(false) });

/** Every minute: emails stuck in "sending" past their lease are settled (see the service). */
export const reconcileSendingJob: JobDefinition<typeof payload> = {
  name: 'emails.reconcile-sending',
  payload,
  cron: '* * * * *',
  queue: { retryLimit: 3 },
  async handle(ctx, { everything }) {
    const settled = await reconcileInterruptedSends(
      ctx,
      (ids) => ctx.jobs.enqueueMany(sendEmailJob, sendJobsFor(ids)),
      everything,
    );
    if (settled) ctx.log.warn({ settled }, 'settled emails interrupted while sending');
  },
};
