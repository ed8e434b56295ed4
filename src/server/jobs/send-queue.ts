import type { SendQueue } from '../services/sending/send-queue';
import type { JobQueue } from './job-queue';
import { releaseScheduledJob } from './release-scheduled';
import { sendEmailJob, sendJobsFor } from './send-email';

/** The SendQueue on AppContext, backed by pg-boss. */
export function sendQueueOn(jobs: JobQueue): SendQueue {
  return {
    async now(ids) {
      await jobs.enqueueMany(sendEmailJob, sendJobsFor(ids));
    },
    async queueAndSend(db, move) {
      const ids = await db.transaction(async (tx) => {
        const ids = await move(tx);
        await jobs.enqueueMany(sendEmailJob, sendJobsFor(ids), tx);
        return ids;
      });
      if (ids.length) jobs.wake(sendEmailJob);
      return ids;
    },
    async releaseAt(at) {
      await jobs.enqueue(releaseScheduledJob, {}, { startAfter: at });
    },
  };
}
