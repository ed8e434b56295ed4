import autocannon from 'autocannon';
import { httpClient } from '../test/support/http-client';
import { manyWorkspaces } from './api-workspaces';
import { createBenchDatabase, postgresServerUrl } from './bench-app';
import { startBuiltServer } from './built-server';
import { httpLoad, type Session, sessionsLoad } from './http-load';
import { seedSentCampaigns } from './seed-sent';
import { type BenchResult, postgresMetric, report } from './support';

/**
 * The read endpoints of the dashboard and Analytics page at scale, served by the built server in
 * its own process on PostgreSQL, in three cases, each on a database of its own (API_CASE=users,
 * workspaces or single runs one):
 * - users: 50 users with 20,000 sent emails each (1,000,000 in all), each on a connection of its
 *   own going through its dashboard, Analytics overview, daily chart and first Sent Emails page,
 *   over and over for 20 s: what many users at once meet (goal: p95 < 50 ms per endpoint).
 * - workspaces: 50 teams of 5 members, 1,000,000 sent emails in all; all 250 members at once go
 *   through their workspace's pages, measured against a ceiling in the same run (api-workspaces.ts).
 * - single: one user with 1,000,000 sent emails across 200 campaigns; each endpoint gets 50
 *   connections for 10 s (goal: p95 < 50 ms, no errors); then the full data export, whose peak
 *   RSS must stay under 300 MB.
 * Emails come with opens, machine opens and unsubscribes, seeded with unnest.
 */
const CAMPAIGNS = 200;
const PER_CAMPAIGN = 5_000;
const CONNECTIONS = 50;
const SECONDS = 10;
const USERS = 50;
const USER_CAMPAIGNS = 10;
const USER_PER_CAMPAIGN = 2_000;
const USERS_SECONDS = 20;
const results: BenchResult[] = [];
/** A user's way through its figures: the dashboard, Analytics, the daily chart, the first Sent Emails page. */
const USER_PAGES = [
  { name: 'dashboard_stats', path: '/api/dashboard/stats' },
  { name: 'analytics_overview', path: '/api/analytics/overview' },
  { name: 'analytics_daily_30d', path: '/api/analytics/daily?days=30' },
  { name: 'sent_emails_first_page', path: '/api/analytics/sent-emails?page=1&pageSize=25' },
];

if (!(await postgresServerUrl())) {
  console.log('api: no PostgreSQL server answers; this benchmark is for PostgreSQL only.');
  process.exit(0);
}
const CASES = ['users', 'workspaces', 'single'];
const only = process.env.API_CASE;
if (only && !CASES.includes(only)) {
  console.error(`Unknown API_CASE ${only}: one of ${CASES.join(', ')}, or unset for all.`);
  process.exit(2);
}
const runs = (name: string) => !only || only === name;
if (runs('users')) await manyUsers();
if (runs('workspaces')) await manyWorkspaces(results);
if (runs('single')) await oneUser();
report('api', results);

/** 50 users at once, each through its own pages. */
async function manyUsers() {
  const database = await createBenchDatabase();
  const server = await startBuiltServer(database.url, { AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  try {
    const seedStart = performance.now();
    const sessions: Session[] = [];
    for (let u = 0; u < USERS; u++) {
      const api = httpClient(server.base);
      await api.json('POST', '/api/auth/local', { email: `analyst${u}@localhost` });
      const user = await api.json('GET', '/api/auth/user');
      await seedSentCampaigns(database.url, user.id, {
        campaigns: USER_CAMPAIGNS,
        perCampaign: USER_PER_CAMPAIGN,
      });
      sessions.push({ cookie: api.cookie(), paths: USER_PAGES });
    }
    console.log(
      `seeded ${USERS} users × ${USER_CAMPAIGNS * USER_PER_CAMPAIGN} emails in ${((performance.now() - seedStart) / 1000).toFixed(0)} s`,
    );
    const figures = await sessionsLoad({ base: server.base, sessions, seconds: USERS_SECONDS });
    for (const { name } of USER_PAGES) {
      const f = figures.get(name)!;
      console.log(
        `${USERS} users, ${name}: ${f.requestsPerSecond.toFixed(0)} req/s, p95 ${f.p95.toFixed(1)} ms`,
      );
      results.push(
        postgresMetric(`users50_${name}_p95`, f.p95, 'ms', 50, false),
        postgresMetric(`users50_${name}_p99`, f.p99, 'ms', null, false),
        postgresMetric(`users50_${name}_req_per_s`, f.requestsPerSecond, 'req/s', null, true),
        postgresMetric(`users50_${name}_errors`, f.errors, 'count', 0, false),
      );
    }
  } finally {
    await server.stop();
    await database.drop();
  }
}

/** One user with a million emails, each endpoint on its own under 50 connections, and the export. */
async function oneUser() {
  const database = await createBenchDatabase();
  const server = await startBuiltServer(database.url);
  const { base } = server;

  try {
    const api = httpClient(base);
    await api.json('POST', '/api/auth/local', { email: 'analyst@localhost' });
    const user = await api.json('GET', '/api/auth/user');
    const seedStart = performance.now();
    const { campaignIds } = await seedSentCampaigns(database.url, user.id, {
      campaigns: CAMPAIGNS,
      perCampaign: PER_CAMPAIGN,
    });
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
    const before = server.memoryMb('VmRSS');
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
      postgresMetric('export_peak_rss', server.memoryMb('VmHWM'), 'MB', 300, false),
      postgresMetric('export_rss_before', before, 'MB', null, false),
      postgresMetric('export_seconds', exportSeconds, 's', null, false),
      postgresMetric('export_mb', bytes / 1024 / 1024, 'MB', null, false),
    );
    for (const [name, url] of endpoints) {
      await load(base, name, url, api.cookie());
      await single(base, name, url, api.cookie());
    }
  } finally {
    await server.stop();
    await database.drop();
  }
}

/** 50 connections for 10 s on one URL. */
async function load(base: string, name: string, path: string, cookie: string) {
  const figures = await httpLoad({ base, path, cookie, connections: CONNECTIONS, seconds: SECONDS });
  console.log(
    `${name}: ${figures.requestsPerSecond} req/s, p95 ${figures.p95.toFixed(1)} ms, errors ${figures.errors}`,
  );
  results.push(
    postgresMetric(`${name}_p95`, figures.p95, 'ms', 50, false),
    postgresMetric(`${name}_p99`, figures.p99, 'ms', null, false),
    postgresMetric(`${name}_req_per_s`, figures.requestsPerSecond, 'req/s', null, true),
    postgresMetric(`${name}_errors`, figures.errors, 'count', 0, false),
  );
}

/** The endpoint's own latency, one request at a time (200 requests): the query shape without queueing. */
async function single(base: string, name: string, url: string, cookie: string) {
  const result = await autocannon({ url: `${base}${url}`, connections: 1, amount: 200, headers: { cookie } });
  results.push(postgresMetric(`${name}_one_connection_p97_5`, result.latency.p97_5, 'ms', null, false));
}
