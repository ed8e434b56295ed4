import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WORKSPACE_HEADER } from '../src/contract/workspaces';
import { type WorkspaceId, webhookDeliveries } from '../src/server/db/schema';
import { cleanUpSessionsJob } from '../src/server/jobs/clean-up-sessions';
import { type SmtpSink, startSmtpSink } from './fakes/smtp-sink';
import { personalWorkspaceOf } from './support/factories';
import { waitUntil } from './support/http-client';
import { sendOneEmail } from './support/send-one';
import { startTestApp, type TestApp, testDatabases } from './support/test-app';
import { startWebhookReceiver, type WebhookReceiver } from './support/webhook-receiver';

/**
 * Webhooks end to end: a change makes its event in the same statement, the worker POSTs it signed
 * (checked by the Standard Webhooks package), and failures are retried on the schedule of the
 * injected clock under one webhook-id.
 */
describe.each(testDatabases())(
  'webhooks (%s)',
  (kind) => {
    let t: TestApp;
    let sink: SmtpSink;
    let receiver: WebhookReceiver;
    let clockFile: string;
    let clockMs = 0;
    let owner: { cookie: string; id: number };
    let workspace: WorkspaceId;

    /** Moves the app's clock ahead and lets the worker look for what became due. */
    const advance = (ms: number) => {
      clockMs += ms;
      fs.writeFileSync(clockFile, String(clockMs));
      t.ctx.webhooks.wake();
    };
    const headers = () => ({ cookie: owner.cookie, [WORKSPACE_HEADER]: String(workspace) });
    const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: headers(), ...(payload ? { payload } : {}) });

    const addEndpoint = async (eventTypes: string[] = [], url = receiver.url) => {
      const res = await call('POST', '/api/webhooks', { url, eventTypes });
      expect(res.statusCode).toBe(200);
      const made = res.json() as { endpoint: { id: number }; secret: string };
      receiver.trust(made.secret);
      return made;
    };
    const received = (type: string, count = 1) =>
      waitUntil(
        async () => {
          const got = receiver.received.filter((r) => r.type === type);
          return got.length >= count ? got : false;
        },
        15_000,
        `${count} ${type} webhook(s)`,
      );
    const deliveryRows = () => t.ctx.db.select().from(webhookDeliveries).orderBy(webhookDeliveries.id);

    beforeAll(async () => {
      clockFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tailor-clock-')), 'offset');
      fs.writeFileSync(clockFile, '0');
      sink = await startSmtpSink();
      t = await startTestApp(kind, {
        CLOCK_OFFSET_FILE: clockFile,
        SMTP_URL: sink.url,
        SEND_PACING: 'false',
        WEBHOOK_ALLOWED_NETWORKS: '127.0.0.1',
        WEBHOOK_TIMEOUT_SECONDS: '1',
      });
      const cookie = await t.signIn(`owner-${kind}@example.com`);
      owner = { cookie, id: (await t.app.inject({ url: '/api/auth/user', headers: { cookie } })).json().id };
      workspace = await personalWorkspaceOf(t.ctx.db, owner.id);
    });
    afterAll(async () => {
      await t.close();
      await sink.close();
      fs.rmSync(path.dirname(clockFile), { recursive: true, force: true });
    });
    beforeEach(async () => {
      receiver?.close();
      receiver = await startWebhookReceiver();
      await t.ctx.db.execute(sql`delete from webhook_endpoints`);
      await t.ctx.db.execute(sql`delete from webhook_events`);
    });

    it('posts email.sent signed to the Standard Webhooks spec, with the email it is about', async () => {
      await addEndpoint();
      const email = await sendOneEmail(t, owner.cookie, owner.id);
      expect(email.status).toBe('sent');
      const [sent] = await received('email.sent');
      expect(sent!.verifiedWith).not.toBeNull();
      expect(sent!.id).toMatch(/^msg_[0-9a-f]{32}$/);
      expect(sent!.data).toMatchObject({
        workspaceId: workspace,
        campaignId: email.campaignId,
        emailId: email.id,
        step: 1,
        messageId: email.messageId,
      });
    });

    it('sends no event to an endpoint that did not ask for its type, nor keeps one nobody wants', async () => {
      await addEndpoint(['email.replied']);
      await sendOneEmail(t, owner.cookie, owner.id);
      const events = await t.ctx.db.execute(
        sql`select count(*)::int as n from webhook_events where type = 'email.sent'`,
      );
      expect((events as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
      expect(receiver.received).toEqual([]);
    });

    it('retries a 500 on the schedule of the injected clock, under the same webhook-id, and logs each attempt', async () => {
      let calls = 0;
      receiver.answerWith(() => (++calls <= 3 ? { status: 500, body: 'database down' } : { status: 200 }));
      const { endpoint } = await addEndpoint(['email.sent']);
      await sendOneEmail(t, owner.cookie, owner.id);
      await received('email.sent', 1);
      for (const [wait, seen] of [
        [5_000, 2],
        [300_000, 3],
        [1_800_000, 4],
      ] as const) {
        // The next attempt is set for the schedule's delay after the failed one, in the app's clock.
        const [row] = await waitUntil(
          async () => {
            const rows = await deliveryRows();
            return rows[0] && !rows[0].inFlight && rows[0].attempts === seen - 1 ? rows : false;
          },
          5_000,
          `attempt ${seen - 1} recorded`,
        );
        const last = row!.log.at(-1)!;
        const planned = row!.nextAttemptAt.getTime() - (Date.parse(last.at) + clockMs);
        expect(Math.abs(planned - wait)).toBeLessThan(1_000);
        advance(wait);
        await received('email.sent', seen);
      }
      const ids = new Set(receiver.received.map((r) => r.id));
      expect(ids.size).toBe(1);
      const [delivery] = await waitUntil(
        async () => {
          const rows = await deliveryRows();
          return rows[0]?.state === 'delivered' ? rows : false;
        },
        5_000,
        'the delivery recorded',
      );
      expect(delivery!.attempts).toBe(4);
      const log = await call('GET', `/api/webhooks/${endpoint.id}/deliveries/${delivery!.id}`);
      expect(log.json().log.map((a: { status: number }) => a.status)).toEqual([500, 500, 500, 200]);
      expect(log.json().log[0].responseExcerpt).toBe('database down');
    });

    /** The one delivery there is, once it has settled its attempt number `attempts`. */
    const settled = (attempts: number) =>
      waitUntil(
        async () => {
          const [row] = await deliveryRows();
          return row && !row.inFlight && row.attempts === attempts ? row : false;
        },
        10_000,
        `attempt ${attempts} settled`,
      );

    it('counts a timeout and a connection reset after the body as failed attempts, then delivers', async () => {
      let calls = 0;
      receiver.answerWith(() => (++calls === 1 ? 'hang' : calls === 2 ? 'reset' : { status: 200 }));
      await addEndpoint(['email.sent']);
      await sendOneEmail(t, owner.cookie, owner.id);
      const timedOut = await settled(1);
      expect(timedOut.lastError).toBe('no answer within 1 s');
      advance(5_000);
      const reset = await settled(2);
      expect(reset.lastError).toMatch(/reset|hang up/);
      advance(300_000);
      const delivered = await settled(3);
      expect(delivered.state).toBe('delivered');
      expect(new Set(receiver.received.map((r) => r.id)).size).toBe(1);
      expect(receiver.received).toHaveLength(3);
    });

    it('waits what Retry-After asks on a 429, and turns the endpoint off on 410 Gone', async () => {
      let calls = 0;
      receiver.answerWith(() =>
        ++calls === 1 ? { status: 429, headers: { 'retry-after': '120' } } : { status: 410, body: 'gone' },
      );
      const { endpoint } = await addEndpoint(['email.sent']);
      await sendOneEmail(t, owner.cookie, owner.id);
      const limited = await settled(1);
      expect(limited.nextAttemptAt.getTime() - (Date.now() + clockMs)).toBeGreaterThan(100_000);
      advance(120_000);
      const gone = await settled(2);
      expect(gone.state).toBe('failed');
      const listed = await waitUntil(
        async () => {
          const [row] = (await call('GET', '/api/webhooks')).json();
          return row.enabled === false ? row : false;
        },
        5_000,
        'the endpoint turned off',
      );
      expect(listed).toMatchObject({
        id: endpoint.id,
        enabled: false,
        disabledReason: expect.stringMatching(/410 Gone/),
      });
      // Turned off, it gets no new events, and a replay is refused until it is on again.
      await sendOneEmail(t, owner.cookie, owner.id);
      expect(await deliveryRows()).toHaveLength(1);
      const refused = await call('POST', `/api/webhooks/${endpoint.id}/deliveries/${gone.id}/replay`);
      expect(refused.statusCode).toBe(409);
    });

    it('delivers every event to a receiver that was down for 26 hours, each under one webhook-id', async () => {
      await addEndpoint(['email.sent']);
      await receiver.stop();
      for (let i = 0; i < 3; i++) await sendOneEmail(t, owner.cookie, owner.id);
      await waitUntil(
        async () => (await deliveryRows()).every((d) => d.attempts === 1 && !d.inFlight),
        10_000,
        'first attempts',
      );
      // An hour at a time, the worker trying whatever falls due before the clock moves on.
      const nothingDue = () =>
        waitUntil(
          async () =>
            (await deliveryRows()).every(
              (d) => !d.inFlight && d.nextAttemptAt.getTime() > Date.now() + clockMs,
            ),
          10_000,
          'the due attempts made',
        );
      for (let hour = 0; hour < 26; hour++) {
        advance(3_600_000);
        await nothingDue();
      }
      const whileDown = await deliveryRows();
      expect(whileDown.every((d) => d.state === 'pending' && d.attempts >= 6)).toBe(true);
      await receiver.start();
      // Back up: each delivery arrives at its next retry, within the schedule's 14-hour step.
      for (let hour = 0; hour < 14 && receiver.received.length < 3; hour++) {
        advance(3_600_000);
        await nothingDue();
      }
      await received('email.sent', 3);
      const rows = await waitUntil(
        async () => {
          const list = await deliveryRows();
          return list.every((d) => d.state === 'delivered') ? list : false;
        },
        10_000,
        'all delivered',
      );
      expect(receiver.received.map((r) => r.id).sort()).toEqual(rows.map((d) => d.messageId).sort());
      expect(receiver.received.every((r) => r.verifiedWith)).toBe(true);
    });

    it('signs with the old and the new secret for a day after a rotation', async () => {
      const { endpoint, secret: old } = await addEndpoint(['email.sent']);
      const rotated = await call('POST', `/api/webhooks/${endpoint.id}/rotate-secret`);
      expect(rotated.statusCode).toBe(200);
      const fresh = rotated.json().secret as string;
      expect(fresh).not.toBe(old);
      receiver.trust(old);
      await sendOneEmail(t, owner.cookie, owner.id);
      const [first] = await received('email.sent');
      expect(first!.verifiedWith).toBe(old);
      expect(first!.signature.split(' ')).toHaveLength(2);
      advance(24 * 3_600_000 + 60_000);
      receiver.trust(old, fresh);
      await sendOneEmail(t, owner.cookie, owner.id);
      const [, second] = await received('email.sent', 2);
      expect(second!.verifiedWith).toBe(fresh);
      expect(second!.signature.split(' ')).toHaveLength(1);
    });

    it('replays one delivery, and every failed one of a time range, under their own webhook-ids', async () => {
      receiver.answerWith(() => ({ status: 400 }));
      const { endpoint } = await addEndpoint(['email.sent']);
      for (let i = 0; i < 2; i++) await sendOneEmail(t, owner.cookie, owner.id);
      await waitUntil(
        async () => {
          const rows = await deliveryRows();
          return rows.length === 2 && rows.every((d) => d.attempts === 1 && !d.inFlight);
        },
        10_000,
        'both tried once',
      );
      // As if every retry had been spent.
      await t.ctx.db.execute(sql`update webhook_deliveries set state = 'failed'`);
      receiver.answerWith(() => ({ status: 200 }));
      const [one, two] = await deliveryRows();
      const replayed = await call('POST', `/api/webhooks/${endpoint.id}/deliveries/${one!.id}/replay`);
      expect(replayed.json()).toEqual({ replayed: 1 });
      await waitUntil(async () => (await deliveryRows())[0]?.state === 'delivered', 10_000, 'replayed one');
      const since = new Date(Date.now() - 3_600_000).toISOString();
      const all = await call('POST', `/api/webhooks/${endpoint.id}/replay-failed`, { since });
      expect(all.json()).toEqual({ replayed: 1 });
      await waitUntil(
        async () => (await deliveryRows())[1]?.state === 'delivered',
        10_000,
        'replayed the rest',
      );
      const last = receiver.received.slice(-2).map((r) => r.id);
      expect(last).toEqual([one!.messageId, two!.messageId]);
    });

    it('refuses loopback and private addresses unless the operator lists them', async () => {
      const strict = await startTestApp(kind, { WEBHOOK_TIMEOUT_SECONDS: '1' });
      try {
        const cookie = await strict.signIn(`strict-${kind}@example.com`);
        const make = (url: string) =>
          strict.app.inject({ method: 'POST', url: '/api/webhooks', headers: { cookie }, payload: { url } });
        for (const url of [
          receiver.url,
          receiver.url.replace('127.0.0.1', 'localhost'),
          'http://10.1.2.3/x',
          'http://[::1]:9/x',
        ]) {
          expect((await make(url)).statusCode).toBe(200);
        }
        await strict.ctx.db.execute(sql`
        insert into webhook_events (workspace_id, type, data) select workspace_id, 'email.sent', '{}'::jsonb from webhook_endpoints limit 1`);
        const rows = await waitUntil(
          async () => {
            const list = await strict.ctx.db.select().from(webhookDeliveries);
            return list.length === 4 && list.every((d) => d.attempts === 1 && !d.inFlight) ? list : false;
          },
          10_000,
          'the attempts refused',
        );
        rows.sort((a, b) => a.endpointId - b.endpointId);
        expect(rows.map((d) => d.lastError)).toEqual([
          expect.stringMatching(/127\.0\.0\.1 is a loopback address/),
          expect.stringMatching(/localhost resolves to 127\.0\.0\.1, a loopback address/),
          expect.stringMatching(/10\.1\.2\.3 is a private address/),
          expect.stringMatching(/::1 is a loopback address/),
        ]);
        expect(receiver.received).toEqual([]);
      } finally {
        await strict.close();
      }
    });

    it('forgets delivered events after WEBHOOK_LOG_DAYS of the clock, never one still waiting', async () => {
      let calls = 0;
      receiver.answerWith(() => (++calls === 1 ? { status: 200 } : { status: 500 }));
      await addEndpoint(['email.sent']);
      await sendOneEmail(t, owner.cookie, owner.id);
      await sendOneEmail(t, owner.cookie, owner.id);
      await waitUntil(
        async () => (await deliveryRows()).every((d) => d.attempts >= 1 && !d.inFlight),
        10_000,
        'both tried',
      );
      expect((await deliveryRows()).map((d) => d.state).sort()).toEqual(['delivered', 'pending']);
      // Parked so that moving the clock does not retry it meanwhile.
      await t.ctx.db.execute(
        sql`update webhook_deliveries set next_attempt_at = 'infinity' where state = 'pending'`,
      );
      const cleanUp = () =>
        cleanUpSessionsJob.handle!(t.ctx, {}, { retryCount: 0, retryLimit: 0, isLast: true });
      // The clock's offset, from this suite's earlier moves, up to 29 days.
      advance(29 * 86_400_000 - clockMs);
      await cleanUp();
      expect(await deliveryRows()).toHaveLength(2);
      advance(2 * 86_400_000);
      await cleanUp();
      expect((await deliveryRows()).map((d) => d.state)).toEqual(['pending']);
    });
  },
  120_000,
);
