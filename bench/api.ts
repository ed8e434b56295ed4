import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { httpClient, waitUntil } from '../test/support/http-client';
import { createBenchDatabase, postgresServerUrl } from './bench-app';
import { type BenchResult, report } from './support';

/**
 * The read endpoints of the dashboard and Analytics page at scale: one user with 1,000,000 sent
 * emails across 200 campaigns (with opens, machine opens and unsubscribes), seeded with unnest,
 * served by the built server in its own process on PostgreSQL. Each endpoint gets 50 connections
 * for 10 s (goal: p95 < 50 ms, no errors); then the full data export, whose peak RSS must stay
 * under 300 MB.
 */
const CAMPAIGNS = 200;
const PER_CAMPAIGN = 5_000;
const CONNECTIONS = 50;
const SECONDS = 10;
const results: BenchResult[] = [];

if (!(await postgresServerUrl())) {
  console.log('api: no PostgreSQL server answers; this benchmark is for PostgreSQL only.');
  process.exit(0);
}
if (!fs.existsSync('dist/server/main.js'))
  throw new Error('Run `npm run build` first: the benchmark serves the built server.');

const database = await createBenchDatabase();
const port = 24000 + (process.pid % 1000);
const base = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tailor-bench-api-'));
const server = spawn(process.execPath, ['--max-old-space-size=256', 'dist/server/main.js', 'web'], {
  env: {
    ...process.env,
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    LOCAL_SIGN_IN: 'true',
    SECRET_KEY: 'bench-secret-key-that-is-long-enough-000',
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const memoryMb = (field: 'VmRSS' | 'VmHWM') =>
  Number(
    new RegExp(`${field}:\\s+(\\d+)`).exec(fs.readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1] ?? 0,
  ) / 1024;

try {
  await waitUntil(async () => (await fetch(`${base}/readyz`).catch(() => null))?.ok, 60_000, 'server ready');
  const api = httpClient(base);
  await api.json('POST', '/api/auth/local', { email: 'analyst@localhost' });
  const user = await api.json('GET', '/api/auth/user');
  const seedStart = performance.now();
  const campaignIds = await seed(user.id);
  console.log(
    `seeded ${CAMPAIGNS * PER_CAMPAIGN} emails in ${((performance.now() - seedStart) / 1000).toFixed(0)} s`,
  );

  const campaign = campaignIds[Math.floor(CAMPAIGNS / 2)]!;
  const endpoints: [string, string][] = [
    ['dashboard_stats', '/api/dashboard/stats'],
    ['analytics_overview', '/api/analytics/overview'],
    ['analytics_daily_30d', '/api/analytics/daily?days=30'],
    ['sent_emails_first_page', '/api/analytics/sent-emails?page=1&pageSize=25'],
    ['sent_emails_unopened_page_40', '/api/analytics/sent-emails?page=40&pageSize=25&opened=unopened'],
    [
      'sent_emails_campaign_by_subject',
      `/api/analytics/sent-emails?campaignId=${campaign}&sort=subject&order=asc`,
    ],
    ['campaign_open_stats', `/api/campaigns/${campaign}/open-stats`],
    ['campaign_unsubscribers', `/api/campaigns/${campaign}/unsubscribers`],
    ['daily_email_history_14d', '/api/daily-email-stats/history?days=14'],
  ];
  // The full export first, streamed to nowhere while the server's peak RSS is watched (the load
  // tests after it grow the heap up to its cap, which would hide the export's own peak).
  const before = memoryMb('VmRSS');
  const exportStart = performance.now();
  const res = await api.request('GET', '/api/export-data');
  if (!res.ok || !res.body) throw new Error(`export: ${res.status}`);
  let bytes = 0;
  let lines = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    for (const byte of chunk) if (byte === 10) lines++;
  }
  const exportSeconds = (performance.now() - exportStart) / 1000;
  if (lines < CAMPAIGNS * PER_CAMPAIGN) throw new Error(`export has ${lines} lines`);
  results.push(
    metric('export_peak_rss', memoryMb('VmHWM'), 'MB', 300, false),
    metric('export_rss_before', before, 'MB', null, false),
    metric('export_seconds', exportSeconds, 's', null, false),
    metric('export_mb', bytes / 1024 / 1024, 'MB', null, false),
  );
  for (const [name, url] of endpoints) {
    await load(name, url, api.cookie());
    await single(name, url, api.cookie());
  }
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  await database.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
report('api', results);

/** 50 connections for 10 s on one URL; p95 from every response's own latency. */
async function load(name: string, url: string, cookie: string) {
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      { url: `${base}${url}`, connections: CONNECTIONS, duration: SECONDS, headers: { cookie } },
      (err, done) => (err ? reject(err) : resolve(done)),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  const errors = result.errors + result.timeouts + result.non2xx;
  console.log(`${name}: ${result.requests.average} req/s, p95 ${at(0.95).toFixed(1)} ms, errors ${errors}`);
  results.push(
    metric(`${name}_p95`, at(0.95), 'ms', 50, false),
    metric(`${name}_p99`, at(0.99), 'ms', null, false),
    metric(`${name}_req_per_s`, result.requests.average, 'req/s', null, true),
    metric(`${name}_errors`, errors, 'count', 0, false),
  );
}

/** The endpoint's own latency, one request at a time (200 requests): the query shape without queueing. */
async function single(name: string, url: string, cookie: string) {
  const result = await autocannon({ url: `${base}${url}`, connections: 1, amount: 200, headers: { cookie } });
  results.push(metric(`${name}_one_connection_p97_5`, result.latency.p97_5, 'ms', null, false));
}

function metric(name: string, value: number, unit: string, goal: number | null, higherIsBetter: boolean) {
  return { metric: name, db: 'postgres' as const, value, unit, goal, higherIsBetter };
}

/**
 * 200 sent campaigns × 5,000 recipients and emails, spread over the last 30 days: 30 % opened by a
 * person (some more than once), 15 % only by an image proxy, 1 % unsubscribed. Each campaign's
 * rows go in with one unnest statement per table; the rollup triggers run as in production.
 */
async function seed(userId: number): Promise<number[]> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const ids: number[] = [];
    const day = 86_400_000;
    for (let c = 0; c < CAMPAIGNS; c++) {
      const {
        rows: [campaign],
      } = await client.query(
        `insert into campaigns (user_id, name, status, recipient_count, created_at)
         values ($1, $2, 'completed', $3, now() - ($4 || ' hours')::interval) returning id`,
        [userId, `Campaign ${c + 1}`, PER_CAMPAIGN, CAMPAIGNS - c],
      );
      ids.push(campaign.id);
      const addresses = Array.from({ length: PER_CAMPAIGN }, (_, i) => `c${c}-r${i}@example.com`);
      const { rows: recipients } = await client.query(
        `insert into recipients (campaign_id, email, company, data, row_number)
         select $1, e, 'Company ' || n, jsonb_build_object('email', e, 'first_name', 'Name' || n), n
         from unnest($2::text[]) with ordinality as t(e, n)
         returning id`,
        [campaign.id, addresses],
      );
      const sentAt = addresses.map(() => new Date(Date.now() - Math.random() * 30 * day));
      const opened = sentAt.map((at) => {
        const roll = Math.random();
        const openedAt = new Date(Math.min(Date.now(), at.getTime() + Math.random() * 2 * day + 3_600_000));
        return roll < 0.3 ? { human: openedAt } : roll < 0.45 ? { machine: openedAt } : {};
      });
      const { rows: emailRows } = await client.query(
        `insert into emails (user_id, campaign_id, recipient_id, subject, body, is_approved, status, sent_at,
                             tracking_token, opened_at, human_opened_at, message_id, transport)
         select $1, $2, r, 'Hello ' || n || ', a note about your work', '<p>Hi</p>', true, 'sent', s,
                tok, o, h, '<' || tok || '@bench>', 'smtp'
         from unnest($3::bigint[], $4::timestamptz[], $5::text[], $6::timestamptz[], $7::timestamptz[])
           with ordinality as t(r, s, tok, o, h, n)
         returning id`,
        [
          userId,
          campaign.id,
          recipients.map((r) => r.id),
          sentAt,
          addresses.map(() => crypto.randomBytes(12).toString('base64url')),
          opened.map((o) => o.human ?? o.machine ?? null),
          opened.map((o) => o.human ?? null),
        ],
      );
      const opens = emailRows.flatMap((e, i) => {
        const o = opened[i]!;
        if (o.human)
          return [
            { id: e.id, at: o.human, machine: false },
            { id: e.id, at: o.human, machine: false },
          ];
        if (o.machine) return [{ id: e.id, at: o.machine, machine: true }];
        return [];
      });
      await client.query(
        `insert into email_opens (email_id, user_id, campaign_id, opened_at, is_machine, user_agent)
         select e, $1, $2, a, m, 'bench' from unnest($3::bigint[], $4::timestamptz[], $5::boolean[]) as t(e, a, m)`,
        [userId, campaign.id, opens.map((o) => o.id), opens.map((o) => o.at), opens.map((o) => o.machine)],
      );
      const leaving = emailRows.filter((_, i) => i % 100 === 0);
      await client.query(
        `insert into unsubscribes (user_id, email, campaign_id, email_id)
         select $1, $2 || e, $3, e from unnest($4::bigint[]) as t(e)`,
        [userId, `c${c}-unsub-`, campaign.id, leaving.map((e) => e.id)],
      );
    }
    await client.query('analyze');
    return ids;
  } finally {
    await client.end();
  }
}
