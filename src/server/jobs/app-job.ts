import type { z } from 'zod';
import type { AppContext } from '../context';
import type { JobDefinition } from './job-queue';

/** A job of this app: its handler gets the whole AppContext. */
export type AppJob<Schema extends z.ZodType = z.ZodType> = JobDefinition<Schema, AppContext>;
