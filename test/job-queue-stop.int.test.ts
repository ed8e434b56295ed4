import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type Database, type SqlExecutor, selectRows } from '../src/server/db/client';
import { createJobQueue, type JobContext, type JobDefinition } from '../src/server/jobs/job-queue';
import { startTestApp, type TestApp, testDatabases } from './support/test-app';

let app: TestApp | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/**
 * pg-boss's graceful stop waits for the jobs its workers hold, and a fetch still on its way holds
 * none yet: its jobs then ran after the stop had returned, while the database was closing, and
 * pg-boss's own write of their outcome failed where nobody caught it (an unhandled rejection).
 */
describe.each(testDatabases())('%s: a job queue stopped while a fetch is on its way', (kind) => {
  it('runs and completes what that fetch brings before its stop returns', async () => {
    app = await startTestApp(kind);
    const { ctx } = app;
    const handled: number[] = [];
    const echo: JobDefinition<z.ZodObject<{ n: z.ZodNumber }>, JobContext> = {
      name: 'test.stop-echo',
      payload: z.object({ n: z.number() }),
      async handle(jobCtx, { n }) {
        await jobCtx.db.execute(sql`select 1`);
        handled.push(n);
      },
    };
    // The first fetch that brings this queue's job is answered only once pg-boss says it has
    // stopped. Its queue, not any fetch: pg-boss's own queues are fetched the same way (the cron
    // schedules' send-it queue, which the test app's schedules fill), and holding one of those let
    // the stop run before the echo job was fetched at all.
    let holding = true;
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let fetchHeld = () => {};
    const held = new Promise<void>((resolve) => {
      fetchHeld = resolve;
    });
    const holdingSql: SqlExecutor = {
      async executeSql(text, values) {
        const result = await ctx.database.boss.db.executeSql(text, values);
        if (holding && /SKIP LOCKED/i.test(text) && values?.[0] === echo.name && result.rows.length > 0) {
          holding = false;
          fetchHeld();
          await released;
        }
        return result;
      },
    };
    const database: Database = { ...ctx.database, boss: { db: holdingSql } };
    const jobs = createJobQueue<JobContext>(database, [echo], { worker: true, maintenanceSeconds: 60 });
    await jobs.start(ctx);
    await jobs.enqueue(echo, { n: 1 });
    await held;
    jobs.boss.once('stopped', release);

    await jobs.stop(10_000);

    expect(handled).toEqual([1]);
    const states = await selectRows<{ state: string }>(
      ctx.db,
      sql`select state from pgboss.job where name = ${echo.name}`,
    );
    expect(states).toEqual([{ state: 'completed' }]);
  });
});
