import pg from 'pg';
import { httpClient } from '../test/support/http-client';
import { createBenchDatabase, postgresServerUrl } from './bench-app';
import { startBuiltServer } from './built-server';
import { httpLoad } from './http-load';
import { seedSentCampaigns } from './seed-sent';
import { type BenchResult, postgresMetric, report } from './support';

/**
 * One built `web` process on PostgreSQL under 100 connections for 30 s per endpoint: the main
 * read endpoints a signed-in user's pages call, and the open-tracking pixel (each request a
 * random sent email's token, so every request records a real open). Goals: no errors anywhere,
 * and the pixel at ≥ 2,000 requests/s; p99 is reported for each.
 */
const CONNECTIONS = 100;
const SECONDS = Number(process.env.LOAD_SECONDS ?? 30);
const CAMPAIGNS = 40;
const PER_CAMPAIGN = 2_500;
const results: BenchResult[] = [];

if (!(await postgresServerUrl())) {
  console.log('load: no PostgreSQL server answers; this benchmark is for PostgreSQL only.');
  process.exit(0);
}
const database = await createBenchDatabase();
const server = await startBuiltServer(database.url);

try {
  const api = httpClient(server.base);
  await api.json('POST', '/api/auth/local', { email: 'load@localhost' });
  const user = await api.json('GET', '/api/auth/user');
  const { campaignIds, trackingTokens } = await seedSentCampaigns(database.url, user.id, {
    campaigns: CAMPAIGNS,
    perCampaign: PER_CAMPAIGN,
  });
  const campaign = campaignIds[0]!;
  const reads: [string, string][] = [
    ['auth_user', '/api/auth/user'],
    ['dashboard_stats', '/api/dashboard/stats'],
    ['campaigns_list', '/api/campaigns'],
    ['campaign_detail', `/api/campaigns/${campaign}`],
    ['templates_list', '/api/templates'],
    ['daily_email_stats', '/api/daily-email-stats'],
    ['analytics_overview', '/api/analytics/overview'],
    ['sent_emails_first_page', '/api/analytics/sent-emails?page=1&pageSize=25'],
  ];
  for (const [name, path] of reads) {
    const figures = await httpLoad({
      base: server.base,
      path,
      cookie: api.cookie(),
      connections: CONNECTIONS,
      seconds: SECONDS,
    });
    record(name, figures, null);
  }

  const opensBefore = await countOpens();
  const pixel = await httpLoad({
    base: server.base,
    path: () => `/t/o/${trackingTokens[Math.floor(Math.random() * trackingTokens.length)]}.gif`,
    connections: CONNECTIONS,
    seconds: SECONDS,
  });
  record('pixel', pixel, 2_000);
  // Every answered pixel request should have stored its open (none is capped at this volume).
  const stored = (await countOpens()) - opensBefore;
  const answered = pixel.requestsPerSecond * SECONDS;
  results.push(postgresMetric('pixel_opens_stored_per_request', stored / answered, 'ratio', null, true));
  results.push(postgresMetric('server_peak_rss', server.memoryMb('VmHWM'), 'MB', null, false));
} finally {
  await server.stop();
  await database.drop();
}
report('load', results);

function record(name: string, figures: Awaited<ReturnType<typeof httpLoad>>, goal: number | null) {
  console.log(`${name}: ${figures.requestsPerSecond} req/s, p99 ${figures.p99} ms, errors ${figures.errors}`);
  results.push(
    postgresMetric(`${name}_req_per_s`, figures.requestsPerSecond, 'req/s', goal, true),
    postgresMetric(`${name}_p99`, figures.p99, 'ms', null, false),
    postgresMetric(`${name}_errors`, figures.errors, 'count', 0, false),
  );
}

async function countOpens() {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const { rows } = await client.query('select count(*)::int as n from email_opens');
    return rows[0].n as number;
  } finally {
    await client.end();
  }
}
