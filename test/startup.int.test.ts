import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { buildMigratedPgliteTemplate, openDatabase, selectRows } from '../src/server/db/client';
import { buildPgliteTemplate, createPgliteDatabase, pgliteOptions } from '../src/server/db/pglite-start';
import { allJobs } from '../src/server/jobs/all-jobs';
import { createJobQueue, createJobSchema, type JobContext } from '../src/server/jobs/job-queue';
import { sendEmailJob } from '../src/server/jobs/send-email';
import { createMetrics } from '../src/server/lib/metrics';

/** Runs `work`, returning how long it took and the longest time it held this thread's event loop (ms). */
async function measureHold<T>(work: () => Promise<T>) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  await sleep(50); // the monitor counts from its second tick on
  const started = performance.now();
  const result = await work();
  const took = performance.now() - started;
  await sleep(50); // a hold is recorded at the tick that ends it
  delay.disable();
  return { result, took, longest: delay.max / 1e6 };
}

/**
 * Creating an embedded database (PGlite's initdb) held the thread in one piece for 85–90 % of the
 * open, 2–3 s on an idle 2-core machine and 5–10 s on a busy one, and its migrations (PGlite
 * answers in microtasks) held it for all of theirs: a Fastify app starting in the same thread ran
 * out of its plugin timeout. Now initdb runs on a thread of its own and the migrations let the event
 * loop in between statements, so neither holds it for more than about a tenth of its time. Ratios,
 * not times: a loaded machine slows both sides alike.
 */
describe('a new embedded database leaves the event loop free', () => {
  const dirs: string[] = [];
  const newDataDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tailor-startup-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('is created on another thread, then opened and migrated on its own without holding this one', async () => {
    const dataDir = newDataDir();
    // Without the build's template: PGlite's initdb makes it.
    const open = await measureHold(() => openDatabase({ dataDir, pgliteTemplateDir: null }));
    const database = open.result;
    try {
      const migrate = await measureHold(() => database.migrate());
      expect(await database.isMigrated()).toBe(true);
      for (const [step, { took, longest }] of Object.entries({ open, migrate })) {
        expect(
          longest,
          `${step} held the event loop ${Math.round(longest)} of ${Math.round(took)} ms`,
        ).toBeLessThan(took / 2);
      }
    } finally {
      await database.close();
    }
  });

  it("fails with PGlite's reason when the folder cannot hold a database", async () => {
    const dataDir = newDataDir();
    fs.writeFileSync(path.join(dataDir, 'pglite'), 'a file where the database folder goes');
    await expect(openDatabase({ dataDir })).rejects.toThrow(
      /Could not create the embedded database.*ErrnoError/,
    );
    // The data folder is free again for the next attempt.
    expect(fs.existsSync(path.join(dataDir, 'tailor.pid'))).toBe(false);
  });
});

/**
 * `npm run build` makes a new, migrated database once (dist/pglite-template) and a new data folder
 * starts as a copy: PGlite's initdb peaked at 720–870 MB RSS in the process, and a new database's
 * migrations left its memory ~55 MB higher; the copy costs neither.
 */
describe('a new embedded database from the build template', () => {
  const dirs: string[] = [];
  const newDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tailor-template-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('is a copy of the template, with the small shared buffers; a template of other contents is not used', async () => {
    const template = { dir: path.join(newDir(), 'template'), contents: 'one table' };
    const prepare = (client: PGlite) =>
      client.exec('create table made_by_the_template (id int)').then(() => {});
    expect(await buildPgliteTemplate(template, prepare)).toBe(true);
    expect(await buildPgliteTemplate(template, prepare)).toBe(false); // up to date: kept

    // The template ships its WAL segment cut to the pages in use; the copy has it whole again.
    const walOf = (dataDir: string) => {
      const dir = path.join(dataDir, 'pg_wal');
      return fs
        .readdirSync(dir)
        .filter((name) => /^[0-9A-F]{24}$/.test(name))
        .map((name) => fs.statSync(path.join(dir, name)).size);
    };
    const shipped = walOf(path.join(template.dir, 'data'));
    expect(shipped).toHaveLength(1);
    expect(shipped[0]).toBeLessThan(1024 * 1024);

    const options = pgliteOptions(path.join(newDir(), 'pglite'));
    await createPgliteDatabase(options, template);
    expect(fs.existsSync(`${options.dataDir}.new`)).toBe(false);
    expect(walOf(options.dataDir)).toEqual([16 * 1024 * 1024]);
    expect(fs.existsSync(path.join(options.dataDir, 'trimmed-sizes.json'))).toBe(false);
    const client = await PGlite.create(options);
    try {
      const { rows } = await client.query<{ shared_buffers: string }>('SHOW shared_buffers');
      expect(rows[0]?.shared_buffers).toBe('32MB');
      expect((await client.query("select to_regclass('made_by_the_template') as t")).rows).toEqual([
        { t: 'made_by_the_template' },
      ]);
      // It writes, and what it wrote is there after a restart.
      await client.exec('insert into made_by_the_template select generate_series(1, 50000)');
    } finally {
      await client.close();
    }
    const reopened = await PGlite.create(options);
    try {
      expect((await reopened.query('select count(*)::int as n from made_by_the_template')).rows).toEqual([
        { n: 50000 },
      ]);
    } finally {
      await reopened.close();
    }

    // Other contents (say, a later migration), another PGlite or other initdb parameters: initdb
    // makes the database instead.
    const other = pgliteOptions(path.join(newDir(), 'pglite'));
    await createPgliteDatabase(other, { ...template, contents: 'two tables' });
    expect(fs.existsSync(path.join(other.dataDir, 'PG_VERSION'))).toBe(true);
    const fresh = await PGlite.create(other);
    try {
      expect((await fresh.query("select to_regclass('made_by_the_template') as t")).rows).toEqual([
        { t: null },
      ]);
    } finally {
      await fresh.close();
    }
  });

  it("the build's template holds every migration and every job queue; a start gives the queues the settings' options", async () => {
    const dir = path.join(newDir(), 'template');
    expect(await buildMigratedPgliteTemplate(dir, (sql) => createJobSchema(sql, allJobs))).toBe(true);
    const database = await openDatabase({ dataDir: newDir(), pgliteTemplateDir: dir });
    const queues = () =>
      selectRows<{ name: string; expire: number | null; retries: number | null }>(
        database.db,
        sql`select name, expire_seconds as expire, retry_limit as retries from pgboss.queue order by name`,
      );
    try {
      expect(await database.isMigrated()).toBe(true);
      const made = await queues();
      expect(made.map((q) => q.name)).toEqual(allJobs.map((job) => job.name).sort());
      // The template's queues have their definitions' options, here a five-minute sending lease.
      expect(made.find((q) => q.name === sendEmailJob.name)).toMatchObject({ expire: 300, retries: 5 });

      // A process whose settings say otherwise (SENDING_LEASE_SECONDS=77) brings the queue in line
      // as it starts; pg-boss alone keeps an existing queue's options.
      const jobs = createJobQueue<JobContext>(database, allJobs, {
        worker: false,
        maintenanceSeconds: 60,
        expireInSeconds: { [sendEmailJob.name]: 77 },
      });
      await jobs.start({ db: database.db, log: pino({ level: 'silent' }), metrics: createMetrics() });
      await jobs.stop();
      const started = await queues();
      expect(started.find((q) => q.name === sendEmailJob.name)).toMatchObject({ expire: 77, retries: 5 });
      expect(started.filter((q) => q.name !== sendEmailJob.name)).toEqual(
        made.filter((q) => q.name !== sendEmailJob.name),
      );
    } finally {
      await database.close();
    }
  });
});
