import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { AnalyticsOverview } from '../src/contract/analytics';
import { buildApp } from '../src/server/app';
import { closeContext, createContext } from '../src/server/bootstrap';
import { loadConfig } from '../src/server/config';
import type { AppContext } from '../src/server/context';
import { type Db, openDatabase, selectRows } from '../src/server/db/client';
import { pgliteOptions } from '../src/server/db/pglite-start';
import { emails, recipients } from '../src/server/db/schema';
import { parseRawMessage } from '../src/server/services/conversations/inbound-message';
import { recordInbound } from '../src/server/services/conversations/record-inbound';
import { waitUntil } from './support/http-client';
import { adminQuery, databaseUrl } from './support/postgres';
import { testDatabases } from './support/test-app';

/**
 * The previous release's database (docs/releases.md), written by that release's own code with
 * every kind of row and dumped as SQL by scripts/make-upgrade-fixture.sh, replayed into an empty
 * database; the current code then starts on it, as an operator's upgrade does.
 */
const RELEASE = '0.1.0';
const FIXTURE = path.join(import.meta.dirname, 'fixtures/upgrade', RELEASE);
type Manifest = {
  cookie: string;
  userId: number;
  campaigns: Record<'uploaded' | 'ready' | 'sequence' | 'states' | 'sent', number>;
  statuses: string[];
  sentEmails: number;
  rows: Record<string, number>;
};
const manifest = JSON.parse(fs.readFileSync(`${FIXTURE}.json`, 'utf8')) as Manifest;

describe.each(testDatabases())(`upgrading from ${RELEASE} (%s)`, (kind) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tailor-upgrade-'));
  let url = '';
  let drop = async () => {};
  let ctx: AppContext;
  let app: FastifyInstance;
  const cookie = manifest.cookie;
  const get = (route: string) => app.inject({ url: route, headers: { cookie } });
  const checksums: Record<'before' | 'after', Map<string, string>> = { before: new Map(), after: new Map() };
  let migrationMs = 0;
  let workspaceRows: {
    userId: number;
    workspaceId: number | null;
    role: string | null;
    memberships: number;
  }[] = [];
  let strayRows: { t: string; n: number }[] = [];
  let mailboxFigures: { fromEmails: string; fromRollup: string; unassigned: number }[] = [];

  beforeAll(async () => {
    const script = gunzipSync(fs.readFileSync(`${FIXTURE}.sql.gz`)).toString('utf8');
    // The release's session was made when the fixture was: its windows are moved to now, as if
    // the fixture had just been written, so the test does not expire with the calendar.
    const freshSession = `UPDATE public.sessions SET last_seen_at = now(), idle_expires_at = now() + interval '1 day',
      absolute_expires_at = now() + interval '1 day'`;
    if (kind === 'pglite') {
      const client = await PGlite.create(pgliteOptions(path.join(dataDir, 'pglite')));
      await client.exec(script);
      await client.exec(freshSession);
      await client.close();
    } else {
      const template = inject('pgTemplate')!;
      const name = `${template.name.replace('tailor_tpl', 'tailor_t')}_up_${crypto.randomBytes(3).toString('hex')}`;
      await adminQuery(template.serverUrl, `CREATE DATABASE ${name}`);
      url = databaseUrl(template.serverUrl, name);
      drop = () =>
        adminQuery(template.serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).then(() => {});
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(script);
      await client.query(freshSession);
      await client.end();
    }
    // Every table's rows as the release left them, then after this code's migrations: each
    // column the release had keeps its values in every row (teams add columns, never change one).
    const database = await openDatabase({ databaseUrl: url || undefined, dataDir, pgliteTemplateDir: null });
    try {
      const columns = await releaseColumns(database.db);
      checksums.before = await tableChecksums(database.db, columns);
      const started = performance.now();
      await database.migrate();
      migrationMs = performance.now() - started;
      checksums.after = await tableChecksums(database.db, columns, MOVED_COLUMNS);
      workspaceRows = await selectRows(
        database.db,
        sql`SELECT u.id AS "userId", m.workspace_id AS "workspaceId", m.role,
                   (SELECT count(*)::int FROM memberships n WHERE n.user_id = u.id) AS memberships
              FROM users u LEFT JOIN memberships m ON m.user_id = u.id ORDER BY u.id`,
      );
      strayRows = await selectRows(
        database.db,
        sql`SELECT 'campaigns' AS t, count(*)::int AS n FROM campaigns WHERE workspace_id <> user_id
            UNION ALL SELECT 'templates', count(*)::int FROM templates WHERE workspace_id <> user_id
            UNION ALL SELECT 'emails', count(*)::int FROM emails WHERE workspace_id <> user_id
            UNION ALL SELECT 'unsubscribes', count(*)::int FROM unsubscribes WHERE workspace_id <> user_id`,
      );
      // The release's sent emails left from their maker's one mailbox, now the default (0029).
      mailboxFigures = await selectRows(
        database.db,
        sql`SELECT (SELECT string_agg(x, ',' ORDER BY x) FROM (
                      SELECT m.id || ':' || count(*) || ':' || count(e.replied_at) AS x
                        FROM emails e JOIN campaigns c ON c.id = e.campaign_id
                        JOIN mailboxes m ON m.user_id = c.user_id AND m.is_default
                       WHERE e.status = 'sent' GROUP BY m.id) a) AS "fromEmails",
                   (SELECT string_agg(x, ',' ORDER BY x) FROM (
                      SELECT mailbox_id || ':' || sum(sent) || ':' || sum(replied) AS x
                        FROM campaign_mailbox_stats GROUP BY mailbox_id) b) AS "fromRollup",
                   (SELECT count(*)::int FROM emails e JOIN recipients r ON r.id = e.recipient_id
                     WHERE e.status = 'sent' AND r.mailbox_id IS NULL) AS unassigned`,
      );
    } finally {
      await database.close();
    }
    const config = loadConfig(
      {
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        DATABASE_URL: url,
        SECRET_KEY: 'upgrade-fixture-secret-key-long-enough-01',
        LOG_LEVEL: 'silent',
        COMPOSE_THREADS: '0',
        PUBLIC_URL: 'http://127.0.0.1:5999',
      },
      false,
    );
    ctx = await createContext(config, 'all');
    app = await buildApp(ctx, { serveClient: false });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    if (ctx) await closeContext(ctx);
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("keeps every value of every table's release columns, and gives each person their own workspace", () => {
    expect(checksums.before.size).toBeGreaterThanOrEqual(19);
    expect(Object.fromEntries(checksums.after)).toEqual(Object.fromEntries(checksums.before));
    // Each person owns one workspace holding all they had: its id is theirs, so every row's
    // workspace is its maker's.
    expect(workspaceRows.length).toBeGreaterThan(0);
    for (const row of workspaceRows)
      expect(row).toEqual({ userId: row.userId, workspaceId: row.userId, role: 'owner', memberships: 1 });
    expect(strayRows.every((row) => row.n === 0)).toBe(true);
    console.info(`upgrade ${RELEASE} (${kind}): migrations took ${Math.round(migrationMs)} ms`);
  });

  it("ties each Gmail or Outlook mailbox to its person's account, one they signed in with (migration 0030)", async () => {
    const rows = await selectRows<{ kind: string; tied: boolean; signedIn: boolean }>(
      ctx.db,
      sql`SELECT m.kind, a.user_id = m.user_id AND a.provider = m.kind AS tied,
                 a.signed_in_at IS NOT NULL AS "signedIn"
            FROM mailboxes m LEFT JOIN oauth_accounts a ON a.id = m.oauth_account_id
           WHERE m.kind IN ('google', 'microsoft')`,
    );
    // The release's Google user has one; each is tied to that user's account.
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row).toMatchObject({ tied: true, signedIn: true });
  });

  it("counts the release's sent emails and replies for the mailbox that sent them, its maker's default", () => {
    const [figures] = mailboxFigures;
    expect(figures?.fromEmails).toMatch(/^\d+:\d+:\d+/);
    expect(figures?.fromRollup).toBe(figures?.fromEmails);
    expect(figures?.unassigned).toBe(0);
  });

  it('migrates to the current schema and keeps every row of every table', async () => {
    expect(await ctx.database.isMigrated()).toBe(true);
    expect(Object.keys(manifest.rows).length).toBeGreaterThanOrEqual(19);
    const counts: Record<string, number> = {};
    for (const table of Object.keys(manifest.rows)) {
      const [row] = await selectRows<{ n: number }>(
        ctx.db,
        sql.raw(`SELECT count(*)::int AS n FROM "${table}"`),
      );
      counts[table] = row!.n;
    }
    // Tables of what users made keep exactly their rows; the rest may only grow (the release's
    // queued email is sent at start, adding to the outbox and the send quota).
    const grow = [
      'outbox_messages',
      'send_quota',
      'campaign_daily_stats',
      'rate_limit_counters',
      'mailbox_syncs',
    ];
    for (const [table, rows] of Object.entries(manifest.rows)) {
      if (grow.includes(table)) expect(counts[table], table).toBeGreaterThanOrEqual(rows);
      else expect(counts[table], table).toBe(rows);
    }
    // Every email state the release had is still there, but for the email it left mid-send, which
    // the current code settles at start (the next test).
    const states = await selectRows<{ status: string }>(
      ctx.db,
      sql`SELECT DISTINCT status FROM emails WHERE campaign_id = ${manifest.campaigns.states}`,
    );
    expect(states.map((s) => s.status)).toEqual(
      expect.arrayContaining(manifest.statuses.filter((s) => s !== 'sending')),
    );
  });

  it("keeps the release's session, templates, sender profile, replies and suppressions readable", async () => {
    const campaigns = await get('/api/campaigns');
    expect(campaigns.statusCode).toBe(200);
    for (const name of ['Uploaded campaign', 'Ready to send', 'Every state', 'Sent by the release'])
      expect(campaigns.body).toContain(name);
    expect((await get('/api/templates')).json()).toHaveLength(2);
    const settings = await get('/api/sender-settings');
    expect(settings.statusCode).toBe(200);
    expect(settings.json()).toMatchObject({ companyName: 'Owner & Co', city: 'Leeds' });
    // The reply the release's sync stored, shown on its campaign.
    const replies = await get(`/api/campaigns/${manifest.campaigns.sequence}/replies`);
    expect(replies.statusCode).toBe(200);
    expect(replies.body).toContain('bob.martin@gmail.com');
    const unsubscribers = await get(`/api/campaigns/${manifest.campaigns.states}/unsubscribers`);
    expect(unsubscribers.statusCode).toBe(200);
    expect(unsubscribers.body).toContain('gone-email-request@example.com');
  });

  it('sends, records what the mailbox sync reads, and counts it in the analytics', async () => {
    // The email the release left mid-send (its lease long gone) is settled by the current code.
    const settled = await waitUntil(
      async () => {
        const [row] = await ctx.db
          .select({ status: emails.status })
          .from(emails)
          .innerJoin(recipients, eq(recipients.id, emails.recipientId))
          .where(
            and(
              eq(emails.campaignId, manifest.campaigns.states),
              eq(recipients.email, 'sending@example.com'),
            ),
          );
        // Handed back to the queue first (queued), then sent or found unknown.
        return row && ['sent', 'unknown'].includes(row.status) && row.status;
      },
      60_000,
      "the release's interrupted send settled",
    );
    const sentBefore = manifest.sentEmails + (settled === 'sent' ? 1 : 0);
    const before = (await get('/api/analytics/overview')).json<AnalyticsOverview>();
    expect(before.totals).toMatchObject({ sent: sentBefore });

    // Send: the release's approved drafts go out through the current queue.
    const send = await app.inject({
      method: 'POST',
      url: `/api/campaigns/${manifest.campaigns.ready}/send-approved`,
      headers: { cookie },
      payload: {},
    });
    expect(send.statusCode).toBe(200);
    await waitUntil(
      async () => {
        const rows = await ctx.db
          .select()
          .from(emails)
          .where(eq(emails.campaignId, manifest.campaigns.ready));
        return rows.every((r) => r.status === 'sent');
      },
      60_000,
      "the release's approved emails sent",
    );

    // Sync: a reply to the release's second sent email is matched to it and stops its follow-up.
    const reply = await parseRawMessage(
      [
        'From: Carol <carol@brightfield.example>',
        'To: owner@example.com',
        'Subject: Re: Hello',
        'Message-ID: <carol-reply@brightfield.example>',
        'In-Reply-To: <tailor.124.def@mail.example.com>',
        'Date: Mon, 30 Nov 2026 09:00:00 +0000',
        '',
        'Thanks, tell me more.',
      ].join('\r\n'),
    );
    const outcome = await recordInbound(
      ctx.db,
      { userId: manifest.userId, address: 'owner@example.com' },
      { key: 'after-upgrade-1', receivedAt: new Date(), link: null },
      reply,
    );
    expect(outcome).toMatchObject({ recorded: true, kind: 'reply' });
    const [answered] = await ctx.db
      .select()
      .from(emails)
      .where(
        and(
          eq(emails.campaignId, manifest.campaigns.sequence),
          eq(emails.messageId, '<tailor.124.def@mail.example.com>'),
        ),
      );
    expect(outcome).toMatchObject({ emailId: answered!.id });
    const followUps = await ctx.db
      .select({ status: emails.status })
      .from(emails)
      .where(and(eq(emails.recipientId, answered!.recipientId), eq(emails.step, 2)));
    expect(followUps.map((f) => f.status)).toEqual(['stopped']);

    // Analytics: the three new sends and the new reply are counted with the release's.
    const after = (await get('/api/analytics/overview')).json<AnalyticsOverview>();
    expect(after.totals.sent).toBe(sentBefore + 3);
    expect(after.totals.replyRate).toBeGreaterThan(before.totals.replyRate);
  });
});

/** Each table of the release's schema with its columns (the migrations' own bookkeeping aside). */
async function releaseColumns(db: Db): Promise<Map<string, string[]>> {
  const rows = await selectRows<{ table: string; columns: string[] }>(
    db,
    sql`SELECT table_name AS "table", array_agg(column_name::text ORDER BY ordinal_position) AS columns
          FROM information_schema.columns
         WHERE table_schema = 'public' AND left(table_name, 2) <> '__'
         GROUP BY table_name`,
  );
  return new Map(rows.map((row) => [row.table, row.columns]));
}

/**
 * Where a release column lives now that it moved: a table's rows as the release had them, read
 * from today's tables. A person's company settings moved to their personal workspace, whose id is
 * theirs (migration 0025). What stood for a person's one mailbox moved to their default mailbox:
 * the daily allowance, the pause and the pacing turn; sync cursors are keyed by the mailbox
 * (migration 0028).
 */
const MOVED_COLUMNS: Record<string, string> = {
  users: `(SELECT u.*, m.needs_reauth_at AS mailbox_needs_reauth_at, m.next_send_at
             FROM users u LEFT JOIN mailboxes m ON m.user_id = u.id AND m.is_default)`,
  send_quota: `(SELECT q.*, m.user_id FROM send_quota q JOIN mailboxes m ON m.id = q.mailbox_id)`,
  mailbox_syncs: `(SELECT coalesce(m.kind || ':' || m.user_id, s.key) AS key, s.cursor, s.lease_token,
                          s.lease_until, s.last_synced_at, s.last_error, s.last_error_at
                     FROM mailbox_syncs s LEFT JOIN mailboxes m ON s.key = 'mailbox:' || m.id)`,
  sender_settings: `(SELECT s.*, w.company_name, w.street_address, w.city, w.state, w.zip_code,
                            w.phone_number, w.recipient_reason, w.profile
                       FROM sender_settings s LEFT JOIN workspace_settings w ON w.workspace_id = s.user_id)`,
};

/**
 * A row count and an MD5 of every row's text (those columns, in a fixed order), per table, read
 * from `sources` where a table's columns moved.
 */
async function tableChecksums(
  db: Db,
  tables: Map<string, string[]>,
  sources: Record<string, string> = {},
): Promise<Map<string, string>> {
  const sums = new Map<string, string>();
  for (const [table, columns] of tables) {
    const list = columns.map((column) => `"${column}"`).join(', ');
    const [row] = await selectRows<{ n: number; sum: string }>(
      db,
      sql.raw(`SELECT count(*)::int AS n, md5(coalesce(string_agg(r, E'\\n' ORDER BY r), '')) AS sum
                 FROM (SELECT ROW(${list})::text AS r FROM ${sources[table] ?? `"${table}"`} t) x`),
    );
    sums.set(table, `${row!.n}:${row!.sum}`);
  }
  return sums;
}
