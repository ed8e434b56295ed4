import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { closeContext, createContext } from '../src/server/bootstrap';
import { loadConfig } from '../src/server/config';
import type { AppContext } from '../src/server/context';
import { emails } from '../src/server/db/schema';
import { calendarDay } from '../src/server/lib/calendar-day';
import { findSendQuota, takeSendQuota, takeSendQuotaUpTo } from '../src/server/queries/send-quota';
import { type SmtpSink, startSmtpSink } from './fakes/smtp-sink';
import { createReadyCampaign, defaultMailboxIdOf } from './support/factories';
import { waitUntil } from './support/http-client';
import { startTestApp, type TestApp, testDatabases } from './support/test-app';

describe.each(testDatabases())('daily limit under concurrency (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  it('never lets concurrent sends exceed the limit', async () => {
    const cookie = await t.signIn();
    const userId = (await t.app.inject({ url: '/api/auth/user', headers: { cookie } })).json().id;
    const mailboxId = await defaultMailboxIdOf(t.ctx.db, userId);
    const day = calendarDay('UTC');
    const taken = await Promise.all(
      Array.from({ length: 40 }, () => takeSendQuota(t.ctx.db, mailboxId, day, false, 10)),
    );
    expect(taken.filter(Boolean)).toHaveLength(10);
  });

  it('never lets concurrent batch takes exceed the limit, and grants what is left', async () => {
    const cookie = await t.signIn('batch@localhost');
    const userId = (await t.app.inject({ url: '/api/auth/user', headers: { cookie } })).json().id;
    const mailboxId = await defaultMailboxIdOf(t.ctx.db, userId);
    const day = calendarDay('UTC');
    const granted = await Promise.all(
      Array.from({ length: 12 }, () => takeSendQuotaUpTo(t.ctx.db, mailboxId, day, true, 100, 30)),
    );
    // 12 × 30 wanted, 100 allowed: three takes get 30, one gets the last 10, the rest nothing.
    expect(granted.reduce((a, b) => a + b, 0)).toBe(100);
    expect(granted.filter((n) => n === 10)).toHaveLength(1);
    expect((await findSendQuota(t.ctx.db, mailboxId, day))?.sentWithUnsubscribe).toBe(100);
    expect(await takeSendQuotaUpTo(t.ctx.db, mailboxId, day, true, 100, 1)).toBe(0);
  });
});

describe.runIf(inject('pgTemplate'))('two workers sending one campaign on PostgreSQL', () => {
  let sink: SmtpSink;
  let web: TestApp;
  const workers: AppContext[] = [];
  beforeAll(async () => {
    sink = await startSmtpSink();
    web = await startTestApp('postgres', { SMTP_URL: sink.url, SEND_PACING: 'false' }, { role: 'web' });
    for (let i = 0; i < 2; i++) {
      const config = loadConfig(
        {
          NODE_ENV: 'test',
          DATABASE_URL: web.ctx.config.databaseUrl,
          SECRET_KEY: 'test-secret-key-that-is-long-enough-123',
          SMTP_URL: sink.url,
          SEND_PACING: 'false',
          LOG_LEVEL: 'silent',
        },
        false,
      );
      workers.push(await createContext(config, 'worker', pino({ level: 'silent' })));
    }
  });
  afterAll(async () => {
    for (const w of workers) await closeContext(w);
    await web.close();
    await sink.close();
  });

  it('sends each email exactly once', async () => {
    const cookie = await web.signIn();
    const userId = (await web.app.inject({ url: '/api/auth/user', headers: { cookie } })).json().id;
    const campaign = await createReadyCampaign(web.ctx.db, userId, 300);
    await web.app.inject({
      method: 'POST',
      url: `/api/campaigns/${campaign.id}/send-approved`,
      headers: { cookie },
      payload: {},
    });
    await waitUntil(
      async () =>
        (await web.ctx.db.select().from(emails).where(eq(emails.campaignId, campaign.id))).every(
          (e) => e.status === 'sent',
        ),
      60_000,
      'all 300 sent',
    );
    const ids = sink.messages().map((m) => m.messageId);
    expect(ids).toHaveLength(300);
    expect(new Set(ids).size).toBe(300);
  });
});

describe('scheduled emails survive a restart', () => {
  it('goes out at its time after the process restarts', async () => {
    const sink = await startSmtpSink();
    const first = await startTestApp('pglite', { SMTP_URL: sink.url, SEND_PACING: 'false' });
    try {
      const cookie = await first.signIn('later@localhost');
      const userId = (await first.app.inject({ url: '/api/auth/user', headers: { cookie } })).json().id;
      const campaign = await createReadyCampaign(first.ctx.db, userId, 1);
      const [email] = await first.ctx.db.select().from(emails).where(eq(emails.campaignId, campaign.id));
      const at = new Date(Date.now() + 4000);
      const res = await first.app.inject({
        method: 'PUT',
        url: `/api/emails/${email!.id}`,
        headers: { cookie },
        payload: { scheduledFor: at.toISOString() },
      });
      expect(res.json()).toMatchObject({ status: 'scheduled' });
      await first.app.close();
      await closeContext(first.ctx);

      const second = await startTestApp('pglite', {
        DATA_DIR: first.dataDir,
        SMTP_URL: sink.url,
        SEND_PACING: 'false',
      });
      try {
        const [sent] = await waitUntil(
          async () => {
            const rows = await second.ctx.db.select().from(emails).where(eq(emails.id, email!.id));
            return rows[0]?.status === 'sent' ? rows : false;
          },
          20_000,
          'the scheduled email sent',
        );
        expect(sent!.sentAt!.getTime()).toBeGreaterThanOrEqual(at.getTime());
        expect(sent!.sentAt!.getTime() - at.getTime()).toBeLessThan(10_000);
        expect(sink.count()).toBe(1);
      } finally {
        await second.close();
      }
    } finally {
      await sink.close();
    }
  });
});

describe('per-mailbox pacing', () => {
  it('spaces one mailbox’s sends by its rate, though they are sent concurrently', async () => {
    const sink = await startSmtpSink();
    const t = await startTestApp('pglite', {
      SMTP_URL: sink.url,
      SEND_PACING: 'true',
      SMTP_SENDS_PER_MINUTE: '120',
    });
    try {
      const cookie = await t.signIn('paced@localhost');
      const userId = (await t.app.inject({ url: '/api/auth/user', headers: { cookie } })).json().id;
      const campaign = await createReadyCampaign(t.ctx.db, userId, 6);
      await t.app.inject({
        method: 'POST',
        url: `/api/campaigns/${campaign.id}/send-approved`,
        headers: { cookie },
        payload: {},
      });
      await waitUntil(async () => sink.count() >= 6, 30_000, 'six sends');
      const times = sink
        .messages()
        .map((m) => m.at.getTime())
        .sort((a, b) => a - b);
      // 120 a minute is one turn per 500 ms. A send can only arrive after its turn, never before,
      // but late by any amount on a loaded machine (connection set-up, event-loop lag), and a late
      // send bunches up with the next: gaps between neighbours say little (193, 774, 225, 1519 and
      // 156 ms have been seen). What holds whatever the load is a floor: the k-th send arrives at
      // least k turns after the first one's turn, and the first arrives at most a turn late, so at
      // least (k - 1) × 500 ms after the first (unpaced, all six arrive within a few ms).
      const since = times.map((t) => t - times[0]!);
      const floors = since.map((_, k) => Math.max(0, (k - 1) * 500));
      expect(
        since.map((ms, k) => ms >= floors[k]!),
        `arrivals ${since.join(', ')} ms after the first; floors ${floors.join(', ')}`,
      ).toEqual(since.map(() => true));
      expect(times.at(-1)! - times[0]!).toBeGreaterThanOrEqual(2_000);
    } finally {
      await t.close();
      await sink.close();
    }
  });
});
