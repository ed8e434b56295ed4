import { cleanUpSessionsJob } from './clean-up-sessions';
import { generateEmailsJob } from './generate-emails';
import type { JobDefinition } from './job-queue';
import { releaseScheduledJob } from './release-scheduled';
import { reconcileSendingJob, sendEmailJob } from './send-email';

/** Every job the worker runs; a new job file is added here. */
export const allJobs: JobDefinition[] = [
  cleanUpSessionsJob,
  generateEmailsJob,
  sendEmailJob,
  releaseScheduledJob,
  reconcileSendingJob,
];
