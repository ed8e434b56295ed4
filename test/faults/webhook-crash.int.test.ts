import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { httpClient, waitUntil } from '../support/http-client';
import { adminQuery, databaseUrl } from '../support/postgres';
import { type ServerProcess, spawnServer } from '../support/spawn-server';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';

const TRIALS = Number(process.env.WEBHOOK_CRASH_TRIALS ?? 20);
const EVENTS_PER_TRIAL = 12;

/**
 * A web and a worker process on PostgreSQL, the worker SIGKILLed while it has deliveries in
 * flight (the receiver holds each answer a while, so a kill lands mid-POST), then started again,
 * 20 times. The app's clock is moved past the dead worker's claims. In the end every event has
 * reached the receiver, verified, and any event that arrived twice carried the same webhook-id.
 */
describe.runIf(inject('pgTemplate') || process.env.CI)('webhook deliveries survive killed workers', () => {
  let dbName = '';
  let db: pg.Client;
  let clockFile = '';
  let receiver: WebhookReceiver;
  const processes: ServerProcess[] = [];
  beforeAll(async () => {
    const template = inject('pgTemplate');
    if (!template) throw new Error('The webhook kill trials need PostgreSQL: set TEST_DATABASE_URL');
    dbName = `${template.name.replace('tailor_tpl', 'tailor_t')}_hookcrash_${crypto.randomBytes(3).toString('hex')}`;
    await adminQuery(template.serverUrl, `CREATE DATABASE ${dbName} TEMPLATE ${template.name}`);
    db = new pg.Client({ connectionString: databaseUrl(template.serverUrl, dbName) });
    await db.connect();
    receiver = await startWebhookReceiver();
    receiver.answerWith(() => ({ status: 200, delayMs: 40 }));
    clockFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tailor-hook-clock-')), 'offset');
    fs.writeFileSync(clockFile, '0');
  });
  afterAll(async () => {
    for (const p of processes) p.child.kill('SIGKILL');
    await Promise.all(processes.map((p) => p.exited));
    await db?.end();
    receiver?.close();
    const template = inject('pgTemplate');
    if (template && dbName)
      await adminQuery(template.serverUrl, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    if (clockFile) fs.rmSync(path.dirname(clockFile), { recursive: true, force: true });
  });

  it(`delivers every event, repeats under the same webhook-id, across ${TRIALS} kills mid-delivery`, async () => {
    const env = {
      DATABASE_URL: databaseUrl(inject('pgTemplate')!.serverUrl, dbName),
      SECRET_KEY: 'webhook-crash-secret-key-long-enough-01',
      HOST: '127.0.0.1',
      PORT: '0',
      LOCAL_SIGN_IN: 'true',
      CLOCK_OFFSET_FILE: clockFile,
      WEBHOOK_ALLOWED_NETWORKS: '127.0.0.1',
      WEBHOOK_CONCURRENCY: '4',
    };
    const web = spawnServer('web', env);
    processes.push(web);
    const startWorker = () => {
      const p = spawnServer('worker', env);
      processes.push(p);
      return p;
    };
    let worker = startWorker();
    const api = httpClient(await web.url(90_000));
    await worker.waitFor(/Tailor worker started/, 90_000);
    await api.json('POST', '/api/auth/local', { email: 'hooks@localhost' });
    const made = await api.json('POST', '/api/webhooks', { url: receiver.url });
    receiver.trust(made.secret);
    const workspace = (await db.query('select workspace_id from webhook_endpoints')).rows[0].workspace_id;

    let clockMs = 0;
    let midDelivery = 0;
    for (let trial = 0; trial < TRIALS; trial++) {
      // Events as the triggers write them, each naming its trial and number.
      await db.query(
        `insert into webhook_events (workspace_id, type, data)
         select $1, 'email.sent', jsonb_build_object('trial', $2::int, 'n', g) from generate_series(1, $3::int) g`,
        [workspace, trial, EVENTS_PER_TRIAL],
      );
      const before = receiver.received.length;
      await waitUntil(
        async () => receiver.received.length > before,
        30_000,
        `trial ${trial}'s first deliveries`,
      );
      const inFlight = (await db.query('select count(*)::int as n from webhook_deliveries where in_flight'))
        .rows[0].n;
      worker.child.kill('SIGKILL');
      await worker.exited;
      if (inFlight > 0) midDelivery++;
      // The dead worker's claims run out in the app's clock; a new worker takes them over.
      clockMs += 60_000;
      fs.writeFileSync(clockFile, String(clockMs));
      worker = startWorker();
      await worker.waitFor(/Tailor worker started/, 90_000);
    }
    const total = TRIALS * EVENTS_PER_TRIAL;
    await waitUntil(
      async () =>
        (await db.query(`select count(*)::int as n from webhook_deliveries where state = 'delivered'`))
          .rows[0].n === total,
      120_000,
      'every delivery delivered',
    );
    console.log(
      `webhook kill trials: ${midDelivery} of ${TRIALS} kills fell with deliveries in flight; ${receiver.received.length - total} repeats`,
    );
    expect(midDelivery).toBeGreaterThanOrEqual(TRIALS / 2);

    const { rows: deliveries } = await db.query<{ message_id: string; data: { trial: number; n: number } }>(
      'select d.message_id, e.data from webhook_deliveries d join webhook_events e on e.id = d.event_id',
    );
    expect(deliveries).toHaveLength(total);
    const eventOf = new Map(deliveries.map((d) => [d.message_id, `${d.data.trial}/${d.data.n}`]));
    const idsOf = new Map<string, Set<string>>();
    for (const got of receiver.received) {
      expect(got.verifiedWith).not.toBeNull();
      const event = `${got.data.trial}/${got.data.n}`;
      expect(eventOf.get(got.id)).toBe(event);
      idsOf.set(event, (idsOf.get(event) ?? new Set()).add(got.id));
    }
    // No event lost, and every repeat under its first webhook-id.
    expect(idsOf.size).toBe(total);
    expect([...idsOf.values()].every((ids) => ids.size === 1)).toBe(true);
  }, 300_000);
});
