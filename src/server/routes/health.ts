import { sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { AppInstance } from './app-instance';

/** Liveness (the process answers) and readiness (database reachable and fully migrated). */
export function healthRoutes(app: AppInstance, ctx: AppContext) {
  app.get('/healthz', { logLevel: 'warn' }, async () => ({ ok: true }));
  app.get('/readyz', { logLevel: 'warn' }, async (_request, reply) => {
    try {
      await ctx.db.execute(sql`select 1`);
      if (!(await ctx.database.isMigrated())) {
        return reply.code(503).send({ ok: false, reason: 'database not migrated' });
      }
      return { ok: true, database: ctx.database.kind };
    } catch (err) {
      ctx.log.warn({ err }, 'readiness check failed');
      return reply.code(503).send({ ok: false, reason: 'database unreachable' });
    }
  });
}
