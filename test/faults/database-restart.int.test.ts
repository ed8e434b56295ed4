import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SmtpSink, startSmtpSink } from '../fakes/smtp-sink';
import { createCampaignThroughApi, createTemplateThroughApi } from '../support/api-campaign';
import { httpClient, waitUntil } from '../support/http-client';
import { type PrivateCluster, startPrivateCluster } from '../support/private-postgres';
import { seededRandom } from '../support/seeded-random';
import { type ServerProcess, spawnServer } from '../support/spawn-server';

/** Under the daily limit (500), so every email goes out today. */
const EMAILS = 400;
/** How long the database stays down. */
const DOWN_MS = 5_000;

/**
 * PostgreSQL stopped in the middle of a campaign and started again a few seconds later, on a
 * cluster of the test's own (the shared server is never touched). The one app process must ride
 * it out by itself: stay up, report not-ready while the database is gone and ready once it is
 * back, and finish the campaign with every email delivered exactly once and none failed.
 */
describe('sending survives a database restart', () => {
  const random = seededRandom('database-restart');
  let cluster: PrivateCluster | null = null;
  let sink: SmtpSink;
  let server: ServerProcess | null = null;
  beforeAll(async () => {
    cluster = await startPrivateCluster();
    cluster.createDatabase('tailor');
    // 60 ms a message over 4 pooled connections: the campaign takes seconds, so the stop lands mid-send.
    sink = await startSmtpSink({ acceptDelayMs: 60 });
  }, 120_000);
  afterAll(async () => {
    server?.child.kill('SIGKILL');
    await sink?.close();
    cluster?.destroy();
  });

  it('stays up, reports not ready while the database is down, and sends every email once', async () => {
    const databaseUrl = cluster!.url('tailor');
    server = spawnServer('all', {
      DATABASE_URL: databaseUrl,
      PORT: '0',
      HOST: '127.0.0.1',
      SECRET_KEY: 'db-restart-secret-key-long-enough-000001',
      SEND_PACING: 'false',
      SMTP_URL: sink.url,
      COMPOSE_THREADS: '0',
      JOB_MAINTENANCE_SECONDS: '1',
    });
    const base = await server.url(60_000);
    const api = httpClient(base);
    await api.json('POST', '/api/auth/local', { email: 'restart@localhost' });
    const template = await createTemplateThroughApi(api, 'fixed');
    const campaign = {
      id: await createCampaignThroughApi(api, {
        name: 'Restart',
        templateId: template.id,
        count: EMAILS,
        address: (i) => `r${i}@example.com`,
      }),
    };
    await (await api.request('POST', `/api/campaigns/${campaign.id}/generate-emails`)).text();
    await api.json('POST', `/api/campaigns/${campaign.id}/approve-all`);
    const sent = await api.json('POST', `/api/campaigns/${campaign.id}/send-approved`);
    expect(sent.successCount).toBe(EMAILS);

    const stopAt = random.int(10, EMAILS / 2);
    await waitUntil(async () => sink.count() >= stopAt, 60_000, `${stopAt} emails at the sink`);
    cluster!.stop('fast');
    const atStop = sink.count();
    const ready = async () => (await fetch(`${base}/readyz`)).status;
    await waitUntil(async () => (await ready()) === 503, 10_000, '/readyz to answer 503');
    await sleep(DOWN_MS);
    expect(server.child.exitCode, server.output().slice(-4000)).toBeNull();
    expect(await ready()).toBe(503);
    cluster!.start();
    await waitUntil(async () => (await ready()) === 200, 30_000, '/readyz to answer 200 again');

    // The campaign finishes on its own: nothing failed, nothing left for the user to settle.
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      let counts: Record<string, number> = {};
      await waitUntil(
        async () => {
          const { rows } = await client.query<{ status: string; n: number }>(
            'select status, count(*)::int as n from emails group by status',
          );
          counts = Object.fromEntries(rows.map((r) => [r.status, r.n]));
          return counts.sent === EMAILS;
        },
        120_000,
        'every email sent',
      ).catch((err) => {
        throw new Error(
          `${(err as Error).message}: ${JSON.stringify(counts)} (stopped at ${atStop})\n${server!.output().slice(-4000)}`,
        );
      });
    } finally {
      await client.end();
    }
    expect(atStop).toBeLessThan(EMAILS);
    const perRecipient = new Map<string, number>();
    for (const m of sink.messages())
      for (const to of m.envelope.to) perRecipient.set(to, (perRecipient.get(to) ?? 0) + 1);
    expect(perRecipient.size).toBe(EMAILS);
    expect([...perRecipient.values()].every((n) => n === 1)).toBe(true);
    expect(server.child.exitCode).toBeNull();
  }, 240_000);
});
