import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { PgliteQueries } from '../src/server/db/pglite-thread';
import { createJobQueue, type JobContext, type JobDefinition } from '../src/server/jobs/job-queue';
import { waitUntil } from './support/http-client';
import { startTestApp, type TestApp, testDatabases } from './support/test-app';

let app: TestApp | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

describe.each(testDatabases())('%s: workers learn of due jobs from one look for all queues', (kind) => {
  it('a job another process enqueued, and one due later, are handled without a wake from this process', async () => {
    app = await startTestApp(kind);
    const handled: number[] = [];
    const echo: JobDefinition<z.ZodObject<{ n: z.ZodNumber }>, JobContext> = {
      name: 'test.echo',
      payload: z.object({ n: z.number() }),
      async handle(_ctx, { n }) {
        handled.push(n);
      },
    };
    // A second queue on the app's database, standing in for a worker process beside the app.
    const jobs = createJobQueue<JobContext>(app.ctx.database, [echo], {
      worker: true,
      maintenanceSeconds: 60,
    });
    await jobs.start(app.ctx);
    try {
      // Straight into the queue, as another process enqueues: nothing wakes this process's
      // workers, whose own poll is half a minute.
      await jobs.boss.send(echo.name, { n: 1 });
      await jobs.boss.send(echo.name, { n: 2 }, { startAfter: 2 });
      await waitUntil(async () => handled.length === 2, 15_000, 'both jobs handled');
      expect(handled).toEqual([1, 2]);
    } finally {
      await jobs.stop();
    }
  });
});

/**
 * pg-boss's own polling ran a fetch for each worker loop (a dozen) every half second or second,
 * and the webhook deliveries' look was a four-statement transaction every 200 ms: an idle app ran
 * about 36 statements a second, which on the embedded database cost 9 % of a core doing nothing
 * (now 7: the due scan twice a second, the deliveries' one-statement look five times).
 * Counted, not timed: a slower machine only runs fewer.
 */
describe('pglite: an idle app', () => {
  it('asks its database a few times a second, not dozens', async () => {
    app = await startTestApp('pglite');
    const { driver } = app.ctx.database;
    if (driver.kind !== 'pglite') throw new Error('expected the embedded database');
    let statements = 0;
    const counted = (queries: PgliteQueries): PgliteQueries => ({
      query: (...args) => {
        statements++;
        return queries.query(...args);
      },
      exec: (text) => {
        statements++;
        return queries.exec(text);
      },
    });
    const { client } = driver;
    // The thread's own methods, taken before the client's are replaced by counting ones.
    const own = {
      query: client.query.bind(client),
      exec: client.exec.bind(client),
      transaction: client.transaction.bind(client),
    };
    Object.assign(client, {
      ...counted(own),
      transaction: <T>(work: (tx: PgliteQueries) => Promise<T>) =>
        own.transaction((tx) => {
          statements += 2; // its BEGIN and COMMIT
          return work(counted(tx));
        }),
    });
    await sleep(1_000); // past the start-up's own work
    const before = statements;
    const seconds = 4;
    await sleep(seconds * 1_000);
    const perSecond = (statements - before) / seconds;
    expect(perSecond).toBeGreaterThan(0); // the count sees the looks at all
    expect(perSecond).toBeLessThanOrEqual(12); // 36 before, 7 now
  });
});
