import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { httpClient, waitUntil } from './support/http-client';
import { adminQuery, databaseUrl } from './support/postgres';
import { type ServerProcess, spawnServer } from './support/spawn-server';

/**
 * Idempotency-Key across web processes on one PostgreSQL: the claim is a row, so two processes
 * given the same key at the same instant act once between them and both answer the first answer;
 * and a key whose process died mid-request is taken over once its lease has run out by the app's
 * clock. To hold the first request mid-action for as long as the test needs, the test locks the
 * campaigns table against inserts, and releases it once both requests are in.
 */
describe.runIf(inject('pgTemplate') || process.env.CI)('Idempotency-Key on two web processes', () => {
  let dbName = '';
  let dbUrl = '';
  let clockDir = '';
  /** The test's look at the database; `locker` holds the lock, in a transaction of its own. */
  let db: pg.Client;
  let locker: pg.Client;
  const processes: ServerProcess[] = [];

  beforeAll(async () => {
    const template = inject('pgTemplate');
    if (!template) throw new Error('This test needs PostgreSQL: set TEST_DATABASE_URL');
    dbName = `${template.name.replace('tailor_tpl', 'tailor_t')}_idem_${crypto.randomBytes(3).toString('hex')}`;
    await adminQuery(template.serverUrl, `CREATE DATABASE ${dbName} TEMPLATE ${template.name}`);
    dbUrl = databaseUrl(template.serverUrl, dbName);
    db = new pg.Client({ connectionString: dbUrl });
    locker = new pg.Client({ connectionString: dbUrl });
    await Promise.all([db.connect(), locker.connect()]);
    clockDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tailor-clock-'));
  });
  afterAll(async () => {
    for (const p of processes) p.child.kill('SIGKILL');
    await Promise.all(processes.map((p) => p.exited));
    await Promise.all([db?.end(), locker?.end()]);
    const template = inject('pgTemplate');
    if (template && dbName)
      await adminQuery(template.serverUrl, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    if (clockDir) fs.rmSync(clockDir, { recursive: true, force: true });
  });

  /** Inserts into campaigns waiting on the test's lock. */
  const blockedInserts = async () =>
    Number(
      (
        await db.query(
          `SELECT count(*) AS n FROM pg_stat_activity
            WHERE datname = current_database() AND wait_event_type = 'Lock' AND query ILIKE 'insert into "campaigns"%'`,
        )
      ).rows[0].n,
    );
  const campaignsNamed = async (name: string) =>
    Number((await db.query('SELECT count(*) AS n FROM campaigns WHERE name = $1', [name])).rows[0].n);
  const lockCampaigns = async () => {
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE campaigns IN SHARE ROW EXCLUSIVE MODE');
  };

  it('acts once for the same key sent to both at once, and after a dead process’s lease, once more', async () => {
    const clockFile = path.join(clockDir, 'offset');
    fs.writeFileSync(clockFile, '0');
    const env = {
      DATABASE_URL: dbUrl,
      SECRET_KEY: 'idempotency-secret-key-long-enough-00001',
      HOST: '127.0.0.1',
      PORT: '0',
      PUBLIC_URL: 'http://127.0.0.1:5999',
      LOCAL_SIGN_IN: 'true',
      CLOCK_OFFSET_FILE: clockFile,
    };
    const [web1, web2] = [spawnServer('web', env), spawnServer('web', env)];
    processes.push(web1, web2);
    const [base1, base2] = await Promise.all([web1.url(90_000), web2.url(90_000)]);
    const api1 = httpClient(base1);
    await api1.json('POST', '/api/auth/local', { email: 'twice@localhost' });
    const create = (base: string, key: string, name: string) =>
      fetch(`${base}/api/campaigns`, {
        method: 'POST',
        headers: { cookie: api1.cookie(), 'content-type': 'application/json', 'idempotency-key': key },
        body: JSON.stringify({ name, templateId: null }),
      });
    const arrived = (p: ServerProcess) => /"method":"POST","url":"\/api\/campaigns"/.test(p.output());

    // Both processes get the key at once; one claims it and is held at its insert, the other waits.
    await lockCampaigns();
    const both = Promise.all([
      create(base1, 'same-instant', 'At once'),
      create(base2, 'same-instant', 'At once'),
    ]);
    await waitUntil(
      async () => (await blockedInserts()) === 1 && arrived(web1) && arrived(web2),
      30_000,
      'one request held at its insert and both received',
    );
    await locker.query('COMMIT');
    const [a, b] = await both;
    expect([a.status, b.status]).toEqual([200, 200]);
    const [bodyA, bodyB] = [await a.text(), await b.text()];
    expect(bodyA).toBe(bodyB);
    // One acted, the other answered with its answer.
    expect([a, b].map((res) => res.headers.get('idempotent-replayed'))).toEqual(
      expect.arrayContaining(['true', null]),
    );
    expect(await campaignsNamed('At once')).toBe(1);

    // Web 1 dies mid-request, holding the key: its claim has no answer and a lease of a minute.
    await lockCampaigns();
    const doomed = create(base1, 'orphaned', 'Orphaned').catch(() => null);
    await waitUntil(async () => (await blockedInserts()) === 1, 30_000, 'the request held at its insert');
    web1.child.kill('SIGKILL');
    await web1.exited;
    // Its database session goes with it (the server notices only when it next writes to it).
    await db.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE datname = current_database() AND wait_event_type = 'Lock' AND query ILIKE 'insert into "campaigns"%'`,
    );
    await locker.query('COMMIT');
    expect(await doomed).toBeNull();
    expect(await campaignsNamed('Orphaned')).toBe(0);

    // Past the lease by the app's clock, the same request on web 2 takes the key over and acts once.
    fs.writeFileSync(clockFile, String(61_000));
    const retried = await create(base2, 'orphaned', 'Orphaned');
    expect(retried.status).toBe(200);
    expect(retried.headers.get('idempotent-replayed')).toBeNull();
    const replayed = await create(base2, 'orphaned', 'Orphaned');
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    expect(await replayed.text()).toBe(await retried.text());
    expect(await campaignsNamed('Orphaned')).toBe(1);
  });
});
