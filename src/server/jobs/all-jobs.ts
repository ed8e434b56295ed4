import type { AppJob } from './app-job';
import { checkDraftsJob } from './check-drafts';
import { cleanUpSessionsJob } from './clean-up-sessions';
import { generateEmailsJob } from './generate-emails';
import { releaseScheduledJob } from './release-scheduled';
import { reconcileSendingJob, sendEmailJob } from './send-email';
import { syncMailboxesJob, syncMailboxJob } from './sync-mailboxes';
import { vacuumEmbeddedJob } from './vacuum-embedded';

/** Every job the worker runs; a new job file is added here. */
export const allJobs: AppJob[] = [
  cleanUpSessionsJob,
  generateEmailsJob,
  checkDraftsJob,
  sendEmailJob,
  releaseScheduledJob,
  reconcileSendingJob,
  syncMailboxesJob,
  syncMailboxJob,
  vacuumEmbeddedJob,
];
