import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../src/server/db/client';
import { vacuumEmbeddedJob } from '../src/server/jobs/vacuum-embedded';
import { createCampaignThroughApi, createTemplateThroughApi } from './support/api-campaign';
import { baseUrl } from './support/http';
import { httpClient, waitUntil } from './support/http-client';
import { startTestApp, type TestApp } from './support/test-app';

/**
 * What the embedded database (PGlite) lacks and the app makes up for: it runs PostgreSQL in the
 * thread that opens it, so the app opens it on a thread of its own, and it has no autovacuum to keep the planner's statistics and reuse the space of old
 * rows. PostgreSQL needs neither.
 */
describe('the embedded database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite', {}, { listen: true });
  });
  afterAll(() => t.close());

  /** The longest the event loop waited for a turn while `work` ran, and how many turns others took. */
  async function loopWaitsDuring(work: () => Promise<unknown>) {
    let turns = 0;
    let longest = 0;
    let last = performance.now();
    let counting = true;
    const tick = () => {
      if (!counting) return;
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
      turns++;
      setImmediate(tick);
    };
    setImmediate(tick);
    await work();
    counting = false;
    longest = Math.max(longest, performance.now() - last);
    return { turns, longest };
  }

  it("runs the app's statements off the app's thread", async () => {
    const statements = 3000;
    // The premise: PGlite answers in microtasks, so on the thread that opened it statements in a
    // row shut out timers and I/O for as long as they run.
    const here = await PGlite.create();
    const raw = await loopWaitsDuring(async () => {
      for (let i = 0; i < statements; i++) await here.query('select 1');
    });
    await here.close();
    expect(raw.turns).toBeLessThanOrEqual(1);
    // Through the app's handle each statement is answered from the database's own thread: the
    // loop turns while every one of them runs.
    const app = await loopWaitsDuring(async () => {
      for (let i = 0; i < statements; i++) await t.ctx.db.execute(sql`select 1`);
    });
    expect(app.turns).toBeGreaterThan(statements / 2);
    // As ratios of the same run: a busy machine (a garbage collection, another process) stretches
    // both alike.
    expect(raw.longest, 'the raw run was too short to tell').toBeGreaterThan(30);
    expect(app.longest).toBeLessThan(raw.longest / 3);
  });

  it('knows the size of a table an import filled, and of the emails generation wrote', async () => {
    const reltuples = async (table: string) => {
      const [row] = await selectRows<{ n: number }>(
        t.ctx.db,
        sql`select reltuples::int as n from pg_class where relname = ${table} and relkind = 'r'`,
      );
      return row!.n;
    };
    // Never analyzed: PostgreSQL's -1 (the migrated template's tables are empty).
    expect(await reltuples('recipients')).toBeLessThan(1);
    const api = httpClient(baseUrl(t));
    await api.json('POST', '/api/auth/local', { email: 'stats@localhost' });
    const template = await createTemplateThroughApi(api, 'fixed');
    const campaignId = await createCampaignThroughApi(api, {
      name: 'Statistics',
      templateId: template.id,
      count: 3000,
      address: (i) => `r${i}@example.com`,
    });
    expect(await reltuples('recipients')).toBe(3000);

    expect(await reltuples('emails')).toBeLessThan(1);
    const stream = await api.request('POST', `/api/campaigns/${campaignId}/generate-emails`);
    expect(await stream.text()).toContain('event: complete');
    // The draft checks page through the new emails in id order, after reading their statistics.
    await waitUntil(
      async () => {
        const [row] = await selectRows<{ unchecked: number }>(
          t.ctx.db,
          sql`select count(*)::int as unchecked from emails where campaign_id = ${campaignId} and findings is null`,
        );
        return row!.unchecked === 0;
      },
      30_000,
      'the draft checks',
    );
    expect(await reltuples('emails')).toBe(3000);
  });

  it('is vacuumed and analyzed, every table of the app and of the job queue, by its periodic job', async () => {
    const tables = () =>
      selectRows<{ name: string; vacuumed: boolean; analyzed: boolean }>(
        t.ctx.db,
        sql`select s.schemaname || '.' || s.relname as name, s.last_vacuum is not null as vacuumed,
                   s.last_analyze is not null as analyzed
            from pg_stat_user_tables s join pg_class c on c.oid = s.relid
            where s.schemaname in ('public', 'pgboss') and c.relkind = 'r' order by 1`,
      );
    const before = await tables();
    expect(before.map((table) => table.name)).toEqual(
      expect.arrayContaining(['public.emails', 'public.webhook_deliveries', 'pgboss.queue']),
    );
    // The job queue's partitions (a table per queue) are among them.
    expect(before.filter((table) => table.name.startsWith('pgboss.j')).length).toBeGreaterThan(5);
    expect(before.filter((table) => table.vacuumed)).toEqual([]);
    // Rows written since the last look: the vacuum's analyze counts them for the planner.
    await t.ctx.db.execute(sql`create table vacuum_probe (id int primary key)`);
    await t.ctx.db.execute(sql`insert into vacuum_probe select generate_series(1, 5000)`);

    await vacuumEmbeddedJob.handle!(t.ctx, {}, { retryCount: 0, retryLimit: 1, isLast: true });
    const after = await tables();
    expect(after.filter((table) => !table.vacuumed || !table.analyzed)).toEqual([]);
    const [probe] = await selectRows<{ n: number }>(
      t.ctx.db,
      sql`select reltuples::int as n from pg_class where relname = 'vacuum_probe'`,
    );
    expect(probe!.n).toBe(5000);
    await t.ctx.db.execute(sql`drop table vacuum_probe`);
  });
});
