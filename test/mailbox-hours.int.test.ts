import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emails, recipients } from '../src/server/db/schema';
import { openingOf } from '../src/server/lib/send-days';
import { releaseDueEmails } from '../src/server/services/sending/scheduled';
import { type SmtpSink, startSmtpSink } from './fakes/smtp-sink';
import { createReadyCampaign } from './support/factories';
import { waitUntil } from './support/http-client';
import { personWithRelayMailboxes } from './support/relay-mailboxes';
import { startTestApp, type TestApp, testDatabases } from './support/test-app';

/** One hour of every day that is not this hour or the next (in UTC, the test user's zone). */
function closedHours(now: Date) {
  const start = ((now.getUTCHours() + 3) % 22) * 60;
  return { days: [1, 2, 3, 4, 5, 6, 7], startMinute: start, endMinute: start + 60 };
}

/**
 * A mailbox's own sending hours: outside them its recipients' emails wait for its next opening,
 * while the campaign's other mailbox sends; once open, what waited leaves once.
 */
describe.each(testDatabases())('a mailbox’s sending hours (%s)', (kind) => {
  let sink: SmtpSink;
  let t: TestApp;
  const logins = { 'day@team.test': 'day-secret', 'any@team.test': 'any-secret' };
  beforeAll(async () => {
    sink = await startSmtpSink({ users: logins });
    t = await startTestApp(kind, {
      SEND_PACING: 'false',
      SECRET_KEY: 'test-secret-key-that-is-long-enough-123',
    });
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  it('holds a closed mailbox’s emails until it opens and sends the other mailbox’s at once', async () => {
    const hours = closedHours(new Date());
    const { call, userId, ids } = await personWithRelayMailboxes(t, sink, 'hours@team.test', logins, {
      'day@team.test': { sendingHours: hours },
    });
    const day = ids['day@team.test']!;
    expect(
      (await call('GET', '/api/mailboxes')).json().find((m: { id: number }) => m.id === day),
    ).toMatchObject({
      sendingHours: hours,
    });
    // Hours that end before they start are refused, and nothing changes.
    const wrong = await call('PUT', `/api/mailboxes/${day}`, {
      sendingHours: { days: [1], startMinute: 600, endMinute: 540 },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('The sending window must end after it starts');

    const campaign = await createReadyCampaign(t.ctx.db, userId, 8);
    await call('PUT', `/api/campaigns/${campaign.id}/mailboxes`, { mailboxIds: Object.values(ids) });
    const started = new Date();
    expect((await call('POST', `/api/campaigns/${campaign.id}/send-approved`, {})).statusCode).toBe(200);

    const rows = await waitUntil(
      async () => {
        const all = await t.ctx.db
          .select({
            id: emails.id,
            status: emails.status,
            scheduledFor: emails.scheduledFor,
            attempts: emails.attempts,
            mailboxId: recipients.mailboxId,
          })
          .from(emails)
          .innerJoin(recipients, eq(recipients.id, emails.recipientId))
          .where(eq(emails.campaignId, campaign.id));
        return all.every((e) => e.status === 'sent' || e.status === 'scheduled') ? all : false;
      },
      30_000,
      'every email sent or waiting for the opening',
    );
    const waiting = rows.filter((e) => e.status === 'scheduled');
    const sent = rows.filter((e) => e.status === 'sent');
    expect(waiting.length).toBeGreaterThan(0);
    expect(sent.length).toBeGreaterThan(0);
    expect(waiting.every((e) => e.mailboxId === day)).toBe(true);
    expect(sent.every((e) => e.mailboxId === ids['any@team.test'])).toBe(true);
    const opening = openingOf(hours, 'UTC', started);
    expect(opening.getTime()).toBeGreaterThan(started.getTime());
    for (const e of waiting) expect(e.scheduledFor?.getTime()).toBe(opening.getTime());
    // Nothing was tried: waiting for the opening is not a failed attempt.
    expect(waiting.map((e) => e.attempts)).toEqual(waiting.map(() => 0));
    expect(sink.messages().map((m) => m.envelope.from)).toEqual(sent.map(() => 'any@team.test'));

    // Open all day now: released at their time, they leave once, from their own mailbox.
    const opened = await call('PUT', `/api/mailboxes/${day}`, { sendingHours: null });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(await releaseDueEmails(t.ctx.db, t.ctx.sendQueue, new Date(opening.getTime() + 1))).toBe(
      waiting.length,
    );
    await waitUntil(async () => sink.messages().length === 8, 30_000, 'all 8 at the relay');
    const fromDay = sink.messages().filter((m) => m.envelope.from === 'day@team.test');
    expect(fromDay).toHaveLength(waiting.length);
    expect(new Set(sink.messages().map((m) => m.messageId)).size).toBe(8);
    await waitUntil(
      async () =>
        (
          await t.ctx.db
            .select({ status: emails.status })
            .from(emails)
            .where(
              inArray(
                emails.id,
                waiting.map((e) => e.id),
              ),
            )
        ).every((e) => e.status === 'sent'),
      10_000,
      'the waiting emails marked sent',
    );
  });
});
