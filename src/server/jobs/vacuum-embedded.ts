import { z } from 'zod';
import type { AppJob } from './app-job';

/**
 * Every 10 minutes on the embedded database, what PostgreSQL's autovacuum does by itself: makes the
 * space of updated and deleted rows reusable and refreshes the planner's statistics (see
 * Database.vacuum). A no-op on PostgreSQL.
 */
export const vacuumEmbeddedJob: AppJob<z.ZodObject> = {
  name: 'database.vacuum-embedded',
  payload: z.object({}),
  cron: '*/10 * * * *',
  queue: { policy: 'singleton', retryLimit: 1 },
  async handle(ctx) {
    if (ctx.database.kind !== 'pglite') return;
    const started = performance.now();
    const tables = await ctx.database.vacuum();
    ctx.log.info({ tables, ms: Math.round(performance.now() - started) }, 'embedded database vacuumed');
  },
};
