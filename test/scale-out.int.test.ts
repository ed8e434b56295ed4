import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DAILY_LIMIT_WITH_UNSUBSCRIBE } from '../src/contract/email-rules';
import { type FakeAi, lastUserMessage, startFakeAi } from './fakes/ai-server';
import { type SmtpSink, startSmtpSink } from './fakes/smtp-sink';
import { createCampaignThroughApi, createTemplateThroughApi } from './support/api-campaign';
import { httpClient, waitUntil } from './support/http-client';
import { adminQuery, databaseUrl } from './support/postgres';
import { seededRandom } from './support/seeded-random';
import { type ServerProcess, spawnServer } from './support/spawn-server';

const RECIPIENTS = 2_000;

/** Reads a server-sent event stream to its end. */
async function readEvents(res: Response) {
  const events: { event: string; data: Record<string, unknown> }[] = [];
  const text = await res.text();
  for (const block of text.split('\n\n')) {
    const event = /^event: (.*)$/m.exec(block)?.[1];
    const data = /^data: (.*)$/m.exec(block)?.[1];
    if (event && data) events.push({ event, data: JSON.parse(data) });
  }
  return events;
}

/**
 * Scale-out on PostgreSQL: two web and two worker processes share one database and nothing else.
 * A 2,000-recipient campaign is generated through the fake AI and sent to the SMTP sink. Sessions,
 * generation progress, the daily quota and the schedule must all live in the database: a session
 * made on one web process works on the other, both stream the same progress, the two workers
 * together send exactly the day's limit and schedule the rest, and a worker stopped with SIGTERM
 * mid-send exits cleanly without losing or repeating an email.
 */
describe.runIf(inject('pgTemplate') || process.env.CI)('scale-out: 2 web + 2 worker processes', () => {
  const random = seededRandom('scale-out');
  let ai: FakeAi;
  let sink: SmtpSink;
  let dbName = '';
  let dbUrl = '';
  const processes: ServerProcess[] = [];
  beforeAll(async () => {
    const template = inject('pgTemplate');
    if (!template) throw new Error('The scale-out test needs PostgreSQL: set TEST_DATABASE_URL');
    dbName = `${template.name.replace('tailor_tpl', 'tailor_t')}_scale_${crypto.randomBytes(3).toString('hex')}`;
    await adminQuery(template.serverUrl, `CREATE DATABASE ${dbName} TEMPLATE ${template.name}`);
    dbUrl = databaseUrl(template.serverUrl, dbName);
    ai = await startFakeAi({ latencyMs: 5 });
    // A slightly slow mail server keeps the day's sends in flight long enough to stop a worker.
    sink = await startSmtpSink({ acceptDelayMs: 40 });
  });
  afterAll(async () => {
    for (const p of processes) p.child.kill('SIGKILL');
    await Promise.all(processes.map((p) => p.exited));
    await ai?.close();
    await sink?.close();
    const template = inject('pgTemplate');
    if (template && dbName)
      await adminQuery(template.serverUrl, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  });

  it('shares sessions, progress, quota and queue through the database', async () => {
    const env = {
      DATABASE_URL: dbUrl,
      SECRET_KEY: 'scale-out-secret-key-long-enough-0000001',
      HOST: '127.0.0.1',
      PORT: '0',
      PUBLIC_URL: 'http://127.0.0.1:5999',
      LOCAL_SIGN_IN: 'true',
      ...ai.env,
      AI_CONCURRENCY: '16',
      GENERATION_CHUNK_SECONDS: '3',
      JOB_MAINTENANCE_SECONDS: '1',
      SMTP_URL: sink.url,
      SEND_PACING: 'false',
      COMPOSE_THREADS: '0',
    };
    const spawn = (role: string) => {
      const p = spawnServer(role, env);
      processes.push(p);
      return p;
    };
    const [web1, web2, worker1, worker2] = [spawn('web'), spawn('web'), spawn('worker'), spawn('worker')];
    const [base1, base2] = await Promise.all([web1.url(90_000), web2.url(90_000)]);
    await Promise.all([worker1, worker2].map((w) => w.waitFor(/Tailor worker started/, 90_000)));

    // Signed in on web 1; the same cookie works on web 2 (sessions are rows, not memory).
    const api1 = httpClient(base1);
    await api1.json('POST', '/api/auth/local', { email: 'scale@localhost' });
    const api2 = httpClient(base2, api1.cookie());
    expect((await api2.json('GET', '/api/auth/user')).email).toBe('scale@localhost');

    const template = await createTemplateThroughApi(api1, 'ai');
    const campaign = {
      id: await createCampaignThroughApi(api2, {
        name: 'Scale',
        templateId: template.id,
        count: RECIPIENTS,
        address: (i) => `s${i}@scale.test`,
      }),
    };

    // Web 1 starts generation and streams it; web 2 follows the same run from the database.
    const stream1 = await api1.request('POST', `/api/campaigns/${campaign.id}/generate-emails`);
    const stream2 = await api2.request('POST', `/api/campaigns/${campaign.id}/generate-emails`);
    expect([stream1.status, stream2.status]).toEqual([200, 200]);
    const [events1, events2] = await Promise.all([readEvents(stream1), readEvents(stream2)]);
    for (const events of [events1, events2]) {
      expect(events.some((e) => e.event === 'progress')).toBe(true);
      expect(events.at(-1)).toEqual({
        event: 'complete',
        data: { processed: RECIPIENTS, total: RECIPIENTS, failed: 0 },
      });
    }

    // Generated exactly once: one AI request per recipient, one email per recipient.
    const asked = new Map<string, number>();
    for (const r of ai.requests) {
      const to = /s\d+@scale\.test/.exec(lastUserMessage(r.body))?.[0];
      if (to) asked.set(to, (asked.get(to) ?? 0) + 1);
    }
    expect(asked.size).toBe(RECIPIENTS);
    expect([...asked.values()].every((n) => n === 1)).toBe(true);
    const db = new pg.Client({ connectionString: dbUrl });
    await db.connect();
    try {
      const generated = await db.query(
        'select count(*)::int as n, count(distinct recipient_id)::int as d from emails where campaign_id = $1',
        [campaign.id],
      );
      expect(generated.rows[0]).toEqual({ n: RECIPIENTS, d: RECIPIENTS });

      // 2,000 is over the day's limit: that many go today, the rest are scheduled for later days.
      expect((await api2.json('POST', `/api/campaigns/${campaign.id}/approve-all`)).approved).toBe(
        RECIPIENTS,
      );
      const sent = await api1.json('POST', `/api/campaigns/${campaign.id}/send-approved`);
      expect(sent.successCount).toBe(DAILY_LIMIT_WITH_UNSUBSCRIBE);
      expect(sent.scheduledCount).toBe(RECIPIENTS - DAILY_LIMIT_WITH_UNSUBSCRIBE);

      // SIGTERM one worker while the day's emails are going out: it drains and exits cleanly.
      const stopAt = random.int(20, DAILY_LIMIT_WITH_UNSUBSCRIBE / 2);
      await waitUntil(async () => sink.count() >= stopAt, 60_000, `${stopAt} emails at the sink`);
      worker1.child.kill('SIGTERM');
      const atStop = sink.count();
      const exit = await worker1.exited;
      expect(exit, worker1.output().slice(-3000)).toEqual({ code: 0, signal: null });
      expect(atStop).toBeLessThan(DAILY_LIMIT_WITH_UNSUBSCRIBE);

      const statuses = async () => {
        const { rows } = await db.query<{ status: string; n: number }>(
          'select status, count(*)::int as n from emails where campaign_id = $1 group by status',
          [campaign.id],
        );
        return Object.fromEntries(rows.map((r) => [r.status, r.n])) as Record<string, number>;
      };
      let last: Record<string, number> = {};
      await waitUntil(
        async () => {
          last = await statuses();
          return last.sent === DAILY_LIMIT_WITH_UNSUBSCRIBE;
        },
        90_000,
        "the day's emails sent",
      ).catch((err) => {
        throw new Error(
          `${(err as Error).message}: ${JSON.stringify(last)}\n${worker2.output().slice(-3000)}`,
        );
      });
      // Nothing more goes out today, however long the remaining worker keeps polling.
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      expect(await statuses()).toEqual({
        sent: DAILY_LIMIT_WITH_UNSUBSCRIBE,
        scheduled: RECIPIENTS - DAILY_LIMIT_WITH_UNSUBSCRIBE,
      });
      const delivered = sink.messages().flatMap((m) => m.envelope.to);
      expect(delivered).toHaveLength(DAILY_LIMIT_WITH_UNSUBSCRIBE);
      expect(new Set(delivered).size).toBe(DAILY_LIMIT_WITH_UNSUBSCRIBE);
      const { rows: sentTo } = await db.query<{ email: string }>(
        `select r.email from emails e join recipients r on r.id = e.recipient_id
         where e.campaign_id = $1 and e.status = 'sent'`,
        [campaign.id],
      );
      expect(new Set(sentTo.map((r) => r.email))).toEqual(new Set(delivered));
      // The scheduled rest waits for later mornings, and the day's quota is used up exactly.
      const { rows: later } = await db.query<{ n: number }>(
        `select count(*)::int as n from emails where campaign_id = $1 and status = 'scheduled' and scheduled_for > now()`,
        [campaign.id],
      );
      expect(later[0]!.n).toBe(RECIPIENTS - DAILY_LIMIT_WITH_UNSUBSCRIBE);
      // Web 2 reports what the workers did.
      const page = await api2.json('GET', `/api/campaigns/${campaign.id}`);
      expect(page.id).toBe(campaign.id);
    } finally {
      await db.end();
    }
  }, 300_000);
});
