import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emails, mailboxes } from '../src/server/db/schema';
import { sendEmailJob, sendJobsFor } from '../src/server/jobs/send-email';
import { pauseMailboxesOverBounceRate } from '../src/server/queries/mailboxes';
import { type SmtpSink, startSmtpSink } from './fakes/smtp-sink';
import { createReadyCampaign, defaultMailboxIdOf } from './support/factories';
import { waitUntil } from './support/http-client';
import { startTestApp, type TestApp, testDatabases } from './support/test-app';

/**
 * A mailbox whose hard bounces pass 5 % of what it sent in a day is paused with the figures in
 * words; its emails wait, neither failed nor sent, until its owner resumes it.
 */
describe.each(testDatabases())('pausing a mailbox over its bounce rate (%s)', (kind) => {
  let sink: SmtpSink;
  let t: TestApp;
  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestApp(kind, { SMTP_URL: sink.url, SEND_PACING: 'false' });
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  it('pauses at more than 5 % hard bounces from 20 sends on, holds its emails, and sends them once resumed', async () => {
    const cookie = await t.signIn('bounces@localhost');
    const call = (method: 'GET' | 'POST', url: string) => t.app.inject({ method, url, headers: { cookie } });
    const userId = (await call('GET', '/api/auth/user')).json().id;
    const mailboxId = await defaultMailboxIdOf(t.ctx.db, userId);
    // 40 sent from the mailbox in the last hours; 2 hard bounces is 5 %, not more.
    const sent = await createReadyCampaign(t.ctx.db, userId, 40);
    await t.ctx.db.execute(
      sql`update recipients set mailbox_id = ${mailboxId} where campaign_id = ${sent.id}`,
    );
    await t.ctx.db.execute(
      sql`update emails set status = 'sent', sent_at = now() - interval '2 hours' where campaign_id = ${sent.id}`,
    );
    const rows = await t.ctx.db
      .select()
      .from(emails)
      .where(eq(emails.campaignId, sent.id))
      .orderBy(emails.id);
    const bounce = async (n: number, kind: 'hard' | 'soft') => {
      const ids = rows.slice(0, n).map((e) => e.id);
      await t.ctx.db
        .update(emails)
        .set({ bouncedAt: new Date(), bounceKind: kind })
        .where(inArray(emails.id, ids));
      return pauseMailboxesOverBounceRate(t.ctx.db, ids);
    };
    expect(await bounce(2, 'hard')).toEqual([]);
    // Soft bounces (a full mailbox, a server down for a while) do not count.
    await t.ctx.db
      .update(emails)
      .set({ bouncedAt: new Date(), bounceKind: 'soft' })
      .where(
        inArray(
          emails.id,
          rows.slice(2, 10).map((e) => e.id),
        ),
      );
    expect(await pauseMailboxesOverBounceRate(t.ctx.db, [rows[2]!.id])).toEqual([]);
    expect(await bounce(3, 'hard')).toEqual([mailboxId]);
    const listed = (await call('GET', '/api/mailboxes'))
      .json()
      .find((m: { id: number }) => m.id === mailboxId);
    expect(listed).toMatchObject({
      state: 'paused',
      stateMessage:
        '3 of the 40 emails this mailbox sent in the last 24 hours bounced (more than 5 %), so it was paused to protect its reputation. Check the addresses of the lists it sends to, then resume it.',
    });

    // Its next campaign waits, queued; nothing reaches the server.
    const next = await createReadyCampaign(t.ctx.db, userId, 3);
    const ids = (await t.ctx.db.select().from(emails).where(eq(emails.campaignId, next.id))).map((e) => e.id);
    await t.ctx.db.update(emails).set({ status: 'queued' }).where(inArray(emails.id, ids));
    await t.ctx.jobs.enqueueMany(sendEmailJob, sendJobsFor(ids));
    await waitUntil(
      async () => {
        const given = await t.ctx.db.execute(
          sql`select count(*)::int as n from recipients where campaign_id = ${next.id} and mailbox_id = ${mailboxId}`,
        );
        return (given as unknown as { rows: { n: number }[] }).rows[0]!.n === 3;
      },
      20_000,
      'the next campaign given the paused mailbox (the only one there is)',
    );
    const waiting = await t.ctx.db.select().from(emails).where(eq(emails.campaignId, next.id));
    expect(waiting.map((e) => e.status)).toEqual(['queued', 'queued', 'queued']);
    expect(sink.count()).toBe(0);

    // Resumed by its owner: the waiting emails go out, once each.
    const resumed = await call('POST', `/api/mailboxes/${mailboxId}/resume`);
    expect(resumed.json()).toMatchObject({ state: 'active', stateMessage: null });
    await waitUntil(
      async () =>
        (await t.ctx.db.select().from(emails).where(eq(emails.campaignId, next.id))).every(
          (e) => e.status === 'sent',
        ),
      20_000,
      'the waiting emails sent after resuming',
    );
    expect(sink.count()).toBe(3);
    const [row] = await t.ctx.db
      .select()
      .from(mailboxes)
      .where(and(eq(mailboxes.id, mailboxId)));
    expect(row).toMatchObject({ pausedAt: null, pausedReason: null });
  });
});
