import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { emails } from '../src/server/db/schema';
import { type FakeAi, startFakeAi } from './fakes/ai-server';
import { type SmtpSink, startSmtpSink } from './fakes/smtp-sink';
import { createReadyCampaign } from './support/factories';
import { waitUntil } from './support/http-client';
import { spawnServer } from './support/spawn-server';
import { startTestApp, type TestApp, testDatabases } from './support/test-app';

const REMOTE = '203.0.113.7';
const TOKEN = 'metrics-token-for-the-tests-0001';

/** The value of one sample in Prometheus text format, or undefined when it is absent. */
function sample(text: string, name: string, labels: Record<string, string>) {
  const wanted = Object.entries(labels);
  for (const line of text.split('\n')) {
    const match = /^([a-z_:]+)\{([^}]*)\} (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = Object.fromEntries([...match[2]!.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (wanted.length === Object.keys(have).length && wanted.every(([k, v]) => have[k] === v))
      return Number(match[3]);
  }
  return undefined;
}

async function scrape(t: TestApp, headers: Record<string, string> = {}, remoteAddress?: string) {
  return t.app.inject({ url: '/metrics', headers, ...(remoteAddress && { remoteAddress }) });
}

async function scrapeUntil(t: TestApp, ready: (text: string) => boolean, what: string) {
  return waitUntil(
    async () => {
      const text = (await scrape(t)).body;
      return ready(text) ? text : false;
    },
    20_000,
    what,
  );
}

describe.each(testDatabases())('Prometheus metrics (%s)', (kind) => {
  let ai: FakeAi;
  let t: TestApp;
  let cookie: string;
  let userId: number;
  beforeAll(async () => {
    ai = await startFakeAi();
    t = await startTestApp(kind, {
      SEND_PACING: 'false',
      ...ai.env,
      AI_MAX_RETRIES: '0',
    });
    cookie = await t.signIn('metrics@example.com');
    userId = (await t.app.inject({ url: '/api/auth/user', headers: { cookie } })).json().id;
  });
  afterAll(async () => {
    await t.close();
    await ai.close();
  });

  it('times requests by route pattern and status, never by raw URL', async () => {
    expect((await t.app.inject({ url: '/api/campaigns', headers: { cookie } })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/campaigns/987654', headers: { cookie } })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/no/such/page-31337' })).statusCode).toBe(404);

    const res = await scrape(t);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    const count = (labels: Record<string, string>) =>
      sample(text, 'http_request_duration_seconds_count', labels);
    expect(count({ method: 'GET', route: '/api/campaigns', status_code: '200' })).toBe(1);
    expect(count({ method: 'GET', route: '/api/campaigns/:id', status_code: '404' })).toBe(1);
    expect(count({ method: 'GET', route: 'unmatched', status_code: '404' })).toBe(1);
    expect(count({ method: 'POST', route: '/api/auth/local', status_code: '200' })).toBe(1);
    // In the labels of any series: a value (a sum, a byte count) may hold the same digits.
    const labels = text
      .split('\n')
      .map((line) => line.match(/\{[^}]*\}/)?.[0] ?? '')
      .join('\n');
    expect(labels).not.toContain('987654');
    expect(labels).not.toContain('31337');
    // Default process metrics come from this app's own registry.
    expect(text).toMatch(/^process_cpu_user_seconds_total \d/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
  });

  it('counts emails sent through the outbox and the jobs that sent them', async () => {
    const campaign = await createReadyCampaign(t.ctx.db, userId, 3);
    const send = await t.app.inject({
      method: 'POST',
      url: `/api/campaigns/${campaign.id}/send-approved`,
      headers: { cookie },
      payload: {},
    });
    expect(send.json().successCount).toBe(3);
    const text = await scrapeUntil(
      t,
      // A send job carries up to a hundred emails: these three went in one.
      (s) => sample(s, 'jobs_processed_total', { queue: 'email.send' }) === 1,
      'the email.send job counted',
    );
    expect(sample(text, 'emails_sent_total', { transport: 'outbox' })).toBe(3);
    expect(sample(text, 'emails_failed_total', { transport: 'outbox' })).toBeUndefined();
    const rows = await t.ctx.db.select().from(emails).where(eq(emails.campaignId, campaign.id));
    expect(rows.map((r) => r.status)).toEqual(['sent', 'sent', 'sent']);

    // A job whose payload its handler refuses is counted as failed, by its queue.
    await t.ctx.jobs.boss.send('email.send', { emailId: 'not-a-number' }, { retryLimit: 0 });
    const after = await scrapeUntil(
      t,
      (s) => (sample(s, 'jobs_failed_total', { queue: 'email.send' }) ?? 0) >= 1,
      'a failed email.send job counted',
    );
    expect(sample(after, 'jobs_processed_total', { queue: 'email.send' })).toBe(1);
  });

  it('counts AI calls by kind and outcome, and the tokens the provider reported', async () => {
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/templates/generate',
      headers: { cookie },
      payload: { prompt: 'A short follow-up', variables: ['email'] },
    });
    expect(ok.statusCode).toBe(200);
    const messages = ai.requests.at(-1)!.body.messages;
    // The fake reports a quarter of the request's message characters as input tokens.
    const inputTokens = Math.ceil(JSON.stringify(messages).length / 4);
    ai.failNext(1, { kind: 'status', status: 400, body: '{"error":{"message":"bad request"}}' });
    const failed = await t.app.inject({
      method: 'POST',
      url: '/api/templates/generate',
      headers: { cookie },
      payload: { prompt: 'Another one', variables: ['email'] },
    });
    expect(failed.statusCode).toBe(502);

    const text = (await scrape(t)).body;
    expect(sample(text, 'ai_calls_total', { kind: 'template', outcome: 'success' })).toBe(1);
    expect(sample(text, 'ai_calls_total', { kind: 'template', outcome: 'failure' })).toBe(1);
    expect(sample(text, 'ai_tokens_total', { kind: 'input' })).toBe(inputTokens);
    expect(sample(text, 'ai_tokens_total', { kind: 'output' })).toBeGreaterThan(0);
  });

  it('without METRICS_TOKEN answers only direct loopback callers', async () => {
    expect((await scrape(t)).statusCode).toBe(200);
    expect((await scrape(t, {}, '::1')).statusCode).toBe(200);
    const remote = await scrape(t, {}, REMOTE);
    expect(remote.statusCode).toBe(404);
    expect(remote.body).not.toContain('http_request_duration_seconds');
    // Through a reverse proxy on this host every visitor would look local: refused.
    expect((await scrape(t, { 'x-forwarded-for': REMOTE })).statusCode).toBe(404);
    // A token is no use when none is configured.
    expect((await scrape(t, { authorization: `Bearer ${TOKEN}` }, REMOTE)).statusCode).toBe(404);
  });
});

describe('Prometheus metrics with METRICS_TOKEN, sending through SMTP', () => {
  let sink: SmtpSink;
  let t: TestApp;
  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestApp('pglite', { SEND_PACING: 'false', SMTP_URL: sink.url, METRICS_TOKEN: TOKEN });
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  it('requires the bearer token from everyone, loopback included', async () => {
    const none = await scrape(t);
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    expect((await scrape(t, { authorization: 'Bearer wrong-token-wrong-token' })).statusCode).toBe(401);
    expect((await scrape(t, { authorization: TOKEN })).statusCode).toBe(401);
    const ok = await scrape(t, { authorization: `Bearer ${TOKEN}` }, REMOTE);
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('# TYPE emails_sent_total counter');
  });

  it('counts sent and failed emails by transport', async () => {
    const cookie = await t.signIn('smtp-metrics@example.com');
    const userId = (await t.app.inject({ url: '/api/auth/user', headers: { cookie } })).json().id;
    const campaign = await createReadyCampaign(t.ctx.db, userId, 2);
    sink.failNext(1, 550);
    await t.app.inject({
      method: 'POST',
      url: `/api/campaigns/${campaign.id}/send-approved`,
      headers: { cookie },
      payload: {},
    });
    const auth = { authorization: `Bearer ${TOKEN}` };
    const text = await waitUntil(
      async () => {
        const body = (await scrape(t, auth)).body;
        return sample(body, 'emails_failed_total', { transport: 'smtp' }) === 1 &&
          sample(body, 'emails_sent_total', { transport: 'smtp' }) === 1
          ? body
          : false;
      },
      20_000,
      'one SMTP email sent and one failed',
    );
    expect(sample(text, 'emails_sent_total', { transport: 'outbox' })).toBeUndefined();
    const rows = await t.ctx.db.select().from(emails).where(eq(emails.campaignId, campaign.id));
    expect(rows.map((r) => r.status).sort()).toEqual(['failed', 'sent']);
  });
});

describe('a worker with METRICS_PORT', () => {
  const cleanups: (() => void)[] = [];
  afterEach(() => {
    for (const c of cleanups.splice(0).reverse()) c();
  });

  it('serves /metrics, /healthz and /readyz, and nothing else', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tailor-metrics-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const worker = spawnServer('worker', {
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      METRICS_PORT: '0',
      SECRET_KEY: 'metrics-worker-secret-key-long-enough',
    });
    cleanups.push(() => void worker.child.kill('SIGKILL'));
    const url = await worker.url();
    const metrics = await fetch(`${url}/metrics`);
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toMatch(/^# TYPE jobs_processed_total counter$/m);
    expect(await (await fetch(`${url}/healthz`)).json()).toEqual({ ok: true });
    expect(await (await fetch(`${url}/readyz`)).json()).toEqual({ ok: true, database: 'pglite' });
    expect((await fetch(`${url}/api/campaigns`)).status).toBe(404);
    worker.child.kill('SIGTERM');
    expect((await worker.exited).code).toBe(0);
  });
});
