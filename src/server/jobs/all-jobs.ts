import { cleanUpSessionsJob } from './clean-up-sessions';
import { generateEmailsJob } from './generate-emails';
import type { JobDefinition } from './job-queue';

/** Every job the worker runs; a new job file is added here. */
export const allJobs: JobDefinition[] = [cleanUpSessionsJob, generateEmailsJob];
