import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { closeContext, createContext } from '../src/server/bootstrap';
import { loadConfig } from '../src/server/config';
import type { AppContext } from '../src/server/context';
import { emails, sendQuota } from '../src/server/db/schema';
import { type SmtpSink, startSmtpSink } from './fakes/smtp-sink';
import { createReadyCampaign } from './support/factories';
import { waitUntil } from './support/http-client';
import { startTestApp, type TestApp } from './support/test-app';

/**
 * Each mailbox's own daily limit, with two worker processes sending one campaign over two
 * mailboxes at once: neither passes its limit, what does not fit waits for tomorrow, and every
 * email is either sent once or waiting. The relay requires a login, so each mailbox is set up
 * through the API like a person would.
 */
describe.runIf(inject('pgTemplate'))('per-mailbox daily limits with two workers (postgres)', () => {
  let sink: SmtpSink;
  let web: TestApp;
  const workers: AppContext[] = [];
  const logins = { 'ann@team.test': 'ann-secret', 'ben@team.test': 'ben-secret' };
  beforeAll(async () => {
    sink = await startSmtpSink({ users: logins });
    const env = { SEND_PACING: 'false', SECRET_KEY: 'test-secret-key-that-is-long-enough-123' };
    web = await startTestApp('postgres', env, { role: 'web' });
    for (let i = 0; i < 2; i++) {
      const config = loadConfig(
        { NODE_ENV: 'test', DATABASE_URL: web.ctx.config.databaseUrl, LOG_LEVEL: 'silent', ...env },
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

  it('holds each mailbox to its own limit and leaves the rest for tomorrow, sending each email once', async () => {
    const cookie = await web.signIn('lead@team.test');
    const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      web.app.inject({ method, url, headers: { cookie }, ...(payload && { payload }) });
    const userId = (await call('GET', '/api/auth/user')).json().id;
    const port = Number(new URL(sink.url).port);
    const limits: Record<string, number> = { 'ann@team.test': 30, 'ben@team.test': 45 };
    const ids: number[] = [];
    for (const [address, password] of Object.entries(logins)) {
      const res = await call('POST', '/api/mailboxes', {
        address,
        smtp: { host: '127.0.0.1', port, security: 'none', user: address, password },
        imap: null,
        dailyLimit: limits[address],
      });
      expect(res.statusCode, res.body).toBe(200);
      ids.push(res.json().id);
    }
    const campaign = await createReadyCampaign(web.ctx.db, userId, 100);
    await call('PUT', `/api/campaigns/${campaign.id}/mailboxes`, { mailboxIds: ids });
    const sent = (await call('POST', `/api/campaigns/${campaign.id}/send-approved`, {})).json();
    // Together they allow 75 today; the other 25 are scheduled for tomorrow morning at once.
    expect(sent).toMatchObject({ successCount: 75, scheduledCount: 25, dailyLimit: 75 });

    const rows = await waitUntil(
      async () => {
        const all = await web.ctx.db.select().from(emails).where(eq(emails.campaignId, campaign.id));
        return all.every((e) => e.status === 'sent' || e.status === 'scheduled') ? all : false;
      },
      60_000,
      'every email sent or waiting for tomorrow',
    );
    const messages = sink.messages();
    const perMailbox = new Map<string, number>();
    for (const m of messages)
      perMailbox.set(m.envelope.from ?? '', (perMailbox.get(m.envelope.from ?? '') ?? 0) + 1);
    for (const [address, limit] of Object.entries(limits))
      expect(perMailbox.get(address) ?? 0, address).toBeLessThanOrEqual(limit);
    // Nothing lost, nothing twice: each sent email arrived once; the rest wait for another day.
    const sentRows = rows.filter((e) => e.status === 'sent');
    expect(new Set(messages.map((m) => m.messageId)).size).toBe(messages.length);
    expect(messages).toHaveLength(sentRows.length);
    expect(sentRows.length).toBeGreaterThanOrEqual(70);
    const tomorrow = rows.filter((e) => e.status === 'scheduled');
    expect(tomorrow.every((e) => e.scheduledFor!.getTime() > Date.now())).toBe(true);
    const quotas = await web.ctx.db.select().from(sendQuota);
    for (const [i, address] of Object.keys(logins).entries()) {
      const quota = quotas.find((q) => q.mailboxId === ids[i]);
      expect(quota?.sentWithUnsubscribe, address).toBe(perMailbox.get(address) ?? 0);
    }
  });
});
