import pg from 'pg';
import { httpClient } from '../test/support/http-client';
import { createBenchDatabase } from './bench-app';
import { startBuiltServer } from './built-server';
import { type LoadFigures, type Session, sessionsLoad } from './http-load';
import { seedSentCampaigns } from './seed-sent';
import { type BenchResult, postgresMetric } from './support';

/**
 * API_CASE=workspaces: 50 team workspaces of 5 members each (an owner, two senders, a reviewer and
 * a viewer), 1,000,000 sent emails in all (each member made 2 campaigns of 2,000 emails: what a
 * member made stays when their role is lowered, so reviewers and viewers have some too) and 4,000
 * lines of the activity record per workspace. Three measured loads, each member on a connection of
 * its own with its own session and workspace header, going round their workspace's pages:
 * - reading: all 250 members at once for 20 s, each reading a page for about 2 s (1–3 s) before
 *   the next, which is still far busier than 250 people are (goal: p95 < 50 ms per endpoint, no
 *   errors);
 * - saturated: the same members asking again the moment an answer arrives, for 10 s: what the
 *   server answers per second at most, and how long requests then queue (no goal: any server's
 *   latency grows without bound once asked more than it can answer);
 * - alone: one owner, one request at a time: each endpoint's own latency.
 *
 * The ceiling, measured in the same run under the same load: every round also asks for a bare
 * endpoint that reads no session and no database (/healthz), so its latency is what the load
 * alone costs any request on this machine. Every figure is also reported as a ratio against it,
 * so a machine busy with something else moves both alike.
 */
const WORKSPACES = 50;
const MEMBERS = 5;
const MEMBER_CAMPAIGNS = 2;
const PER_CAMPAIGN = 2_000;
const AUDIT_PER_WORKSPACE = 4_000;
const SECONDS = 20;
const SATURATED_SECONDS = 10;
/** How long a member reads a page before the next one, on average. */
const THINK_MS = 2_000;
/** Unmeasured, before the measured load: the server's code is compiled and its statements prepared. */
const WARM_UP_SECONDS = 3;
const ALONE_SECONDS = 8;
/** Campaigns being seeded at once: one per core keeps both busy without queueing on either. */
const SEEDERS = 2;
/** The roles of a workspace's members after its owner, in an order rotated per workspace. */
const ROLES = ['sender', 'reviewer', 'viewer', 'sender'] as const;

type Member = { id: number; cookie: string; workspaceId: number; role: string };

const CEILING = { name: 'ceiling_healthz', path: '/healthz' };
/**
 * A member's round: their workspaces (the app's switcher), the dashboard, Analytics and its daily
 * chart, the first Sent Emails page, Campaigns, Settings' members.
 */
const MEMBER_PAGES = [
  { name: 'workspaces_list', path: '/api/workspaces' },
  { name: 'dashboard_stats', path: '/api/dashboard/stats' },
  { name: 'analytics_overview', path: '/api/analytics/overview' },
  { name: 'analytics_daily_30d', path: '/api/analytics/daily?days=30' },
  { name: 'sent_emails_first_page', path: '/api/analytics/sent-emails?page=1&pageSize=25' },
  { name: 'campaigns_list', path: '/api/campaigns' },
  { name: 'members_list', path: '/api/workspace/members' },
];
/** Owners only (other roles get 403): the latest lines of the record, as Settings' Activity asks for them. */
const AUDIT_PAGE = { name: 'audit_first_page', path: '/api/workspace/audit?limit=50' };

export async function manyWorkspaces(results: BenchResult[]) {
  const caseStart = performance.now();
  const database = await createBenchDatabase();
  const server = await startBuiltServer(database.url, { AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  const db = new pg.Client({ connectionString: database.url });
  await db.connect();
  try {
    const seedStart = performance.now();
    const members = await seedWorkspaces(db, server.base, database.url);
    const seedSeconds = (performance.now() - seedStart) / 1000;
    console.log(`seeded in ${seedSeconds.toFixed(0)} s`);

    // The record is for owners: anyone else is refused, which is why only owners' rounds read it.
    const viewer = members.find((m) => m.role === 'viewer')!;
    const refused = await fetch(`${server.base}${AUDIT_PAGE.path}`, {
      headers: { cookie: viewer.cookie, 'x-tailor-workspace': String(viewer.workspaceId) },
    });
    if (refused.status !== 403) throw new Error(`a viewer's audit page answered ${refused.status}`);

    const sessions: Session[] = members.map((m) => ({
      cookie: m.cookie,
      headers: { 'x-tailor-workspace': String(m.workspaceId) },
      paths: [CEILING, ...MEMBER_PAGES, ...(m.role === 'owner' ? [AUDIT_PAGE] : [])],
    }));
    await sessionsLoad({ base: server.base, sessions, seconds: WARM_UP_SECONDS, staggered: true });
    const reading = await sessionsLoad({
      base: server.base,
      sessions,
      seconds: SECONDS,
      staggered: true,
      thinkMs: THINK_MS,
    });
    const cpuBefore = server.cpuSeconds();
    const saturated = await sessionsLoad({
      base: server.base,
      sessions,
      seconds: SATURATED_SECONDS,
      staggered: true,
    });
    const cpuSeconds = server.cpuSeconds() - cpuBefore;
    const alone = await sessionsLoad({ base: server.base, sessions: [sessions[0]!], seconds: ALONE_SECONDS });

    const total = (figures: Map<string, LoadFigures>) =>
      [...figures.values()].reduce((sum, f) => sum + f.requestsPerSecond, 0);
    const most = total(saturated);
    const cpuMsPerRequest = (cpuSeconds * 1000) / (most * SATURATED_SECONDS);
    console.log(
      `${members.length} members reading: ${total(reading).toFixed(0)} req/s in all; saturated: ${most.toFixed(0)} req/s, server CPU ${cpuMsPerRequest.toFixed(2)} ms per request`,
    );
    record(results, 'workspaces50', reading, 50);
    record(results, 'workspaces50_saturated', saturated, null);
    record(results, 'workspaces50_one_owner_alone', alone, null);
    results.push(
      postgresMetric('workspaces50_reading_req_per_s', total(reading), 'req/s', null, true),
      postgresMetric('workspaces50_saturated_req_per_s', most, 'req/s', null, true),
      postgresMetric('workspaces50_server_cpu_ms_per_request', cpuMsPerRequest, 'ms', null, false),
      postgresMetric('workspaces50_seed_s', seedSeconds, 's', null, false),
      postgresMetric('workspaces50_case_s', (performance.now() - caseStart) / 1000, 's', 720, false),
    );
  } finally {
    await db.end();
    await server.stop();
    await database.drop();
  }
}

/** Each page's figures, and its p95 against the ceiling's in the same load. */
function record(
  results: BenchResult[],
  prefix: string,
  figures: Map<string, LoadFigures>,
  goal: number | null,
) {
  const ceiling = figures.get(CEILING.name)!;
  console.log(`${prefix}, ${CEILING.name}: p95 ${ceiling.p95.toFixed(1)} ms, errors ${ceiling.errors}`);
  results.push(
    postgresMetric(`${prefix}_${CEILING.name}_p95`, ceiling.p95, 'ms', null, false),
    postgresMetric(`${prefix}_${CEILING.name}_errors`, ceiling.errors, 'count', 0, false),
  );
  for (const { name } of [...MEMBER_PAGES, AUDIT_PAGE]) {
    const f = figures.get(name)!;
    const ratio = f.p95 / ceiling.p95;
    console.log(
      `${prefix}, ${name}: ${f.requestsPerSecond.toFixed(0)} req/s, p95 ${f.p95.toFixed(1)} ms (${ratio.toFixed(2)}× the ceiling), errors ${f.errors}`,
    );
    results.push(
      postgresMetric(`${prefix}_${name}_p95`, f.p95, 'ms', goal, false),
      postgresMetric(`${prefix}_${name}_p95_vs_ceiling`, ratio, 'ratio', null, false),
      postgresMetric(`${prefix}_${name}_p99`, f.p99, 'ms', null, false),
      postgresMetric(`${prefix}_${name}_req_per_s`, f.requestsPerSecond, 'req/s', null, true),
      postgresMetric(`${prefix}_${name}_errors`, f.errors, 'count', 0, false),
    );
  }
}

/** The people (signed in, so each has a session and their own workspace), the teams, their campaigns and records. */
async function seedWorkspaces(db: pg.Client, base: string, databaseUrl: string): Promise<Member[]> {
  const people: { id: number; cookie: string }[] = [];
  for (let i = 0; i < WORKSPACES * MEMBERS; i++) {
    const api = httpClient(base);
    await api.json('POST', '/api/auth/local', { email: `member${i}@localhost` });
    const user = await api.json('GET', '/api/auth/user');
    people.push({ id: user.id, cookie: api.cookie() });
  }
  // The teams are made and filled in the database directly: the invitation flow that builds them
  // in production has tests of its own, and 200 invitations through it would only slow the seed.
  const { rows: made } = await db.query(
    `insert into workspaces (name) select 'Team ' || g from generate_series(1, $1::int) g returning id`,
    [WORKSPACES],
  );
  const teams = made.map((row) => row.id as number).sort((a, b) => a - b);
  const members = people.map((person, i) => {
    const w = Math.floor(i / MEMBERS);
    const m = i % MEMBERS;
    return {
      ...person,
      workspaceId: teams[w]!,
      role: m === 0 ? 'owner' : ROLES[(m - 1 + w) % ROLES.length]!,
    };
  });
  await db.query(
    `insert into memberships (workspace_id, user_id, role)
     select * from unnest($1::int[], $2::int[], $3::text[])`,
    [members.map((m) => m.workspaceId), members.map((m) => m.id), members.map((m) => m.role)],
  );
  const queue = [...members];
  await Promise.all(
    Array.from({ length: SEEDERS }, async () => {
      for (let member = queue.shift(); member; member = queue.shift()) {
        await seedSentCampaigns(databaseUrl, member.id, {
          campaigns: MEMBER_CAMPAIGNS,
          perCampaign: PER_CAMPAIGN,
          workspaceId: member.workspaceId,
          analyze: false,
        });
      }
    }),
  );
  await seedAudit(db, members);
  await db.query('analyze');
  const { rows } = await db.query(
    `select (select count(*)::int from emails where workspace_id = any($1)) as emails,
            (select count(*)::int from audit_events where workspace_id = any($1)) as audit`,
    [teams],
  );
  console.log(
    `seeded ${WORKSPACES} workspaces × ${MEMBERS} members: ${rows[0].emails} emails, ${rows[0].audit} activity lines`,
  );
  return members;
}

/** What the record holds, by share: [action, subject type, who did it, detail]. */
const AUDIT_MIX: [number, string, string | null, 'owner' | 'acting', string | null][] = [
  [80, 'email.approved', 'email', 'acting', '{"inBulk":true}'],
  [15, 'email.edited', 'email', 'acting', '{"bodyChanged":true}'],
  [2, 'invitation.created', 'invitation', 'owner', '{"email":"guest@example.com","role":"viewer"}'],
  [1, 'member.role_changed', 'member', 'owner', '{"from":"viewer","to":"reviewer"}'],
  [2, 'export.data', null, 'owner', null],
];

/**
 * Each workspace's record: AUDIT_PER_WORKSPACE lines over the last 30 days, mostly approvals and
 * edits of its emails by its reviewers and up, some invitations, role changes and exports by its
 * owner. One statement for all workspaces in time order, so the record's ids rise with time and
 * its rows interleave on disk across workspaces, as a live table's do. Inserts only: the table
 * refuses updates and deletes.
 */
async function seedAudit(db: pg.Client, members: Member[]) {
  const teams = [...new Set(members.map((m) => m.workspaceId))];
  const { rows: ranges } = await db.query(
    'select workspace_id, min(id)::int as lo, max(id)::int as hi from emails where workspace_id = any($1) group by 1',
    [teams],
  );
  const emailRange = new Map(ranges.map((r) => [r.workspace_id as number, r as { lo: number; hi: number }]));
  const kinds = AUDIT_MIX.flatMap((kind) => Array.from({ length: kind[0] }, () => kind));
  const columns = { ws: [] as number[], actor: [] as number[], action: [] as string[] };
  const more = {
    type: [] as (string | null)[],
    subject: [] as (number | null)[],
    detail: [] as (string | null)[],
  };
  const membersOf = new Map(teams.map((ws) => [ws, members.filter((m) => m.workspaceId === ws)]));
  for (let i = 0; i < teams.length * AUDIT_PER_WORKSPACE; i++) {
    // Round robin over the workspaces; within one, the round picks the kind and the actor.
    const ws = teams[i % teams.length]!;
    const round = Math.floor(i / teams.length);
    const own = membersOf.get(ws)!;
    const acting = own.filter((m) => m.role !== 'viewer');
    const [, action, type, who, detail] = kinds[round % kinds.length]!;
    const actor = who === 'owner' ? own[0]! : acting[round % acting.length]!;
    const range = emailRange.get(ws)!;
    columns.ws.push(ws);
    columns.actor.push(actor.id);
    columns.action.push(action);
    more.type.push(type);
    more.subject.push(
      type === 'email' ? range.lo + ((i * 7919) % (range.hi - range.lo + 1)) : type ? i : null,
    );
    more.detail.push(detail);
  }
  await db.query(
    `insert into audit_events (workspace_id, actor_id, actor_email, action, subject_type, subject_id, detail, created_at)
     select t.ws, t.actor, u.email, t.action, t.type, t.subject, t.detail,
            now() - (30 * 86400 * ($7::int - t.n)::float8 / $7::int) * interval '1 second'
     from unnest($1::int[], $2::int[], $3::text[], $4::text[], $5::bigint[], $6::jsonb[])
       with ordinality as t(ws, actor, action, type, subject, detail, n)
     join users u on u.id = t.actor
     order by t.n`,
    [columns.ws, columns.actor, columns.action, more.type, more.subject, more.detail, columns.ws.length],
  );
}
