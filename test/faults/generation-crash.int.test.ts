import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type FakeAi, startFakeAi } from '../fakes/ai-server';
import { createCampaignThroughApi, createTemplateThroughApi } from '../support/api-campaign';
import { httpClient, waitUntil } from '../support/http-client';
import { adminQuery, databaseUrl } from '../support/postgres';
import { seededRandom } from '../support/seeded-random';
import { type ServerProcess, spawnServer } from '../support/spawn-server';

const RECIPIENTS = 500;
/** Kills per scenario; each lands at its own random moment of the generation. */
const KILLS = 2;

/**
 * A worker SIGKILLed twice in the middle of an AI generation, at random moments, and restarted
 * each time: still exactly one email per recipient. The two scenarios run side by side, each with
 * its own processes and its own random moments.
 */
describe.concurrent('generation survives a killed worker', () => {
  let ai: FakeAi;
  const processes: Record<'embedded' | 'postgres', ServerProcess[]> = { embedded: [], postgres: [] };
  beforeAll(async () => {
    ai = await startFakeAi({ latencyMs: 200 });
  });
  afterAll(async () => {
    for (const p of Object.values(processes).flat()) p.child.kill('SIGKILL');
    await ai.close();
  });

  const baseEnv = () => ({
    SECRET_KEY: 'crash-test-secret-key-long-enough-000001',
    HOST: '127.0.0.1',
    ...ai.env,
    AI_CONCURRENCY: '8',
    GENERATION_CHUNK_SECONDS: '2',
    GENERATION_JOB_EXPIRE_SECONDS: '4',
    JOB_MAINTENANCE_SECONDS: '1',
  });
  async function runScenario(
    scenario: 'embedded' | 'postgres',
    env: Record<string, string>,
    roles: { web: string; worker: string | null },
  ) {
    const random = seededRandom(`generation-crash ${scenario}`);
    const start = (role: string, env: Record<string, string>) => {
      const p = spawnServer(role, env);
      processes[scenario].push(p);
      return p;
    };
    // A free port chosen by the OS at each start: a fixed one can be taken by a parallel run.
    const web = start(roles.web, { ...env, PORT: '0' });
    let api = httpClient(await web.url());
    await web.waitFor(/Tailor is running/);
    let worker = roles.worker ? start(roles.worker, env) : web;
    if (roles.worker) await worker.waitFor(/Tailor worker started/);
    await api.json('POST', '/api/auth/local', { email: `crash-${scenario}@example.com` });
    const template = await createTemplateThroughApi(api, 'ai');
    const campaign = {
      id: await createCampaignThroughApi(api, {
        name: 'Crash',
        templateId: template.id,
        count: RECIPIENTS,
        address: (i) => `r${i}@example.com`,
      }),
    };

    const t0 = Date.now();
    const stream = await api.request('POST', `/api/campaigns/${campaign.id}/generate-emails`);
    expect(stream.status).toBe(200);
    await stream.body?.cancel();
    const progress = async () =>
      (await api.json('GET', `/api/campaigns/${campaign.id}`)).generation.processed as number;
    // Killed KILLS times, each at a random point of the progress (seeded, see the log).
    const killPoints = Array.from({ length: KILLS }, () => random.int(10, RECIPIENTS - 60)).sort(
      (a, b) => a - b,
    );
    const atKill: (number | null)[] = [];
    for (const killPoint of killPoints) {
      await waitUntil(async () => (await progress()) >= killPoint, 60_000, `${killPoint} emails generated`);
      worker.child.kill('SIGKILL');
      await worker.exited;
      atKill.push(await progress().catch(() => null));
      console.log(`[generation-crash] killed at ${atKill.at(-1)} after ${Date.now() - t0} ms`);
      if (!roles.worker) {
        // Embedded database: the only process was the worker; bring it back on the same folder.
        worker = start(roles.web, { ...env, PORT: '0' });
        // The same signed-in user (sessions live in the database) at the new address.
        api = httpClient(await worker.url(), api.cookie());
        await worker.waitFor(/Tailor is running/);
      } else {
        worker = start(roles.worker, env);
        await worker.waitFor(/Tailor worker started/);
      }
    }
    await waitUntil(
      async () => (await api.json('GET', `/api/campaigns/${campaign.id}`)).status === 'ready',
      90_000,
      'campaign ready after restart',
    );
    console.log(`[generation-crash] ready after ${Date.now() - t0} ms`);
    const page = await api.json('GET', `/api/campaigns/${campaign.id}/emails?limit=500`);
    const recipients = new Set(page.items.map((e: { recipientId: number }) => e.recipientId));
    expect(page.total).toBe(RECIPIENTS);
    expect(recipients.size).toBe(RECIPIENTS);
    expect(page.items.every((e: { status: string }) => e.status === 'draft')).toBe(true);
    return { atKill };
  }

  it('on the embedded database (one process, killed and restarted)', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tailor-crash-'));
    try {
      const { atKill } = await runScenario(
        'embedded',
        { ...baseEnv(), DATA_DIR: dataDir },
        { web: 'all', worker: null },
      );
      // Each kill landed mid-generation (null: the web process was the one killed, so no answer).
      for (const processed of atKill) expect(processed === null || processed < RECIPIENTS).toBe(true);
    } finally {
      // The restarted process still has the folder open: stop it before deleting.
      const running = processes.embedded.splice(0);
      for (const p of running) p.child.kill('SIGKILL');
      await Promise.all(running.map((p) => p.exited));
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);

  it.runIf(inject('pgTemplate'))(
    'on PostgreSQL (separate web and worker; the worker is killed)',
    async () => {
      const template = inject('pgTemplate')!;
      const name = `${template.name.replace('tailor_tpl', 'tailor_t')}_crash`;
      await adminQuery(template.serverUrl, `CREATE DATABASE ${name} TEMPLATE ${template.name}`);
      try {
        const env = { ...baseEnv(), DATABASE_URL: databaseUrl(template.serverUrl, name) };
        await runScenario('postgres', env, { web: 'web', worker: 'worker' });
        const client = new pg.Client({ connectionString: env.DATABASE_URL });
        await client.connect();
        const { rows } = await client.query(
          'select count(*)::int as n, count(distinct recipient_id)::int as d from emails',
        );
        await client.end();
        expect(rows[0]).toEqual({ n: RECIPIENTS, d: RECIPIENTS });
      } finally {
        for (const p of processes.postgres.splice(0)) p.child.kill('SIGKILL');
        await adminQuery(template.serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      }
    },
    180_000,
  );
});
