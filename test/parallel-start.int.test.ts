import crypto from 'node:crypto';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { adminQuery, databaseUrl } from './support/postgres';
import { type ServerProcess, spawnServer } from './support/spawn-server';

/** PARALLEL_START_ROUNDS lowers it for a quick look; the proof is 20. */
const ROUNDS = Number(process.env.PARALLEL_START_ROUNDS ?? 20);

/**
 * Two web and two worker processes started at the same instant on a new, EMPTY PostgreSQL
 * database: every schema step of start-up (migrations, pg-boss's schema, its queues) must run
 * once, one process after the other, so all four come up and serve. Without one lock around
 * them, two processes creating pg-boss's queues at once deadlocked and one of them exited.
 * The scale-out test cannot see this: its database is a copy of an already migrated template.
 */
describe.runIf(inject('pgTemplate') || process.env.CI)('parallel start on a new database', () => {
  const created: string[] = [];
  afterAll(async () => {
    const template = inject('pgTemplate');
    if (!template) return;
    for (const name of created)
      await adminQuery(template.serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  it(
    `2 web + 2 worker processes come up together on an empty database, ${ROUNDS} rounds`,
    async () => {
      const template = inject('pgTemplate');
      if (!template) throw new Error('This test needs PostgreSQL: set TEST_DATABASE_URL');
      for (let round = 1; round <= ROUNDS; round++) {
        const name = `${template.name.replace('tailor_tpl', 'tailor_t')}_start_${crypto.randomBytes(3).toString('hex')}`;
        await adminQuery(template.serverUrl, `CREATE DATABASE ${name}`);
        created.push(name);
        const env = {
          DATABASE_URL: databaseUrl(template.serverUrl, name),
          SECRET_KEY: 'parallel-start-secret-key-long-enough-01',
          HOST: '127.0.0.1',
          PORT: '0',
          METRICS_PORT: '0',
          PUBLIC_URL: 'http://127.0.0.1:5999',
          LOCAL_SIGN_IN: 'true',
          LOG_LEVEL: 'info',
        };
        const processes: ServerProcess[] = ['web', 'web', 'worker', 'worker'].map((role) =>
          spawnServer(role, env),
        );
        try {
          const urls = await Promise.all(processes.map((p) => p.url(90_000)));
          for (const [i, url] of urls.entries()) {
            const ready = await fetch(`${url}/readyz`);
            expect(ready.status, `round ${round}, process ${i}:\n${processes[i]!.output()}`).toBe(200);
          }
          // The schema was made once: every migration recorded once, every queue once.
          const migrations = await adminQuery(
            databaseUrl(template.serverUrl, name),
            'select count(*)::int as n, count(distinct hash)::int as d from drizzle.__drizzle_migrations',
          );
          expect(migrations.rows[0].n).toBe(migrations.rows[0].d);
          const queues = await adminQuery(
            databaseUrl(template.serverUrl, name),
            'select count(*)::int as n, count(distinct name)::int as d from pgboss.queue',
          );
          expect(queues.rows[0].n).toBeGreaterThan(0);
          expect(queues.rows[0].n).toBe(queues.rows[0].d);
        } finally {
          for (const p of processes) p.child.kill('SIGKILL');
          await Promise.all(processes.map((p) => p.exited));
        }
        await adminQuery(template.serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        created.pop();
      }
    },
    60_000 + ROUNDS * 60_000,
  );
});
