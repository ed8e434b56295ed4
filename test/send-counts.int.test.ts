import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emails } from '../src/server/db/schema';
import { releaseDueEmails } from '../src/server/services/sending/scheduled';
import { type SmtpSink, startSmtpSink } from './fakes/smtp-sink';
import { createCampaignWithFollowUps } from './support/factories';
import { waitUntil } from './support/http-client';
import { startTestApp, type TestApp, testDatabases } from './support/test-app';

type EmailRow = typeof emails.$inferSelect;

/**
 * Review & Edit's "Send now" and "Schedule" name a count before they act (issue #28, item 4): the
 * count the review reads (firstToSend, followUpsToStart) is exactly what the action then sends,
 * schedules or puts into its sequence, and no bulk action sends a follow-up before it is due.
 */
describe.each(testDatabases())('the review counts what Send now and Schedule do (%s)', (kind) => {
  let sink: SmtpSink;
  let t: TestApp;
  let cookie: string;
  let userId: number;
  /** The app's clock (CLOCK_OFFSET_FILE): the milliseconds it runs ahead of the real time. */
  let clockFile: string;
  const moveClockTo = (at: Date) => fs.writeFileSync(clockFile, String(at.getTime() - Date.now()));
  beforeAll(async () => {
    sink = await startSmtpSink();
    clockFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tailor-clock-')), 'offset');
    t = await startTestApp(
      kind,
      { SEND_PACING: 'false', SMTP_URL: sink.url, CLOCK_OFFSET_FILE: clockFile },
      { listen: true },
    );
    cookie = await t.signIn('counts@example.com');
    userId = (await t.app.inject({ url: '/api/auth/user', headers: { cookie } })).json().id;
  });
  afterAll(async () => {
    moveClockTo(new Date());
    await t?.close();
    await sink?.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload && { payload }) });
  const countsOf = async (campaignId: number) =>
    (await call('GET', `/api/campaigns/${campaignId}/emails?limit=1&offset=0`)).json().counts as {
      firstToSend: number;
      followUpsToStart: number;
    };
  const emailsOf = (campaignId: number) =>
    t.ctx.db
      .select()
      .from(emails)
      .where(eq(emails.campaignId, campaignId))
      .orderBy(emails.recipientId, emails.step);
  const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString();

  it('names the first emails that go now and the follow-ups that go when due, and acts on exactly those', async () => {
    sink.reset();
    // Four recipients, each a first email and a follow-up two days later; the last one's first email
    // and follow-up are not approved yet.
    const campaign = await createCampaignWithFollowUps(t.ctx.db, userId, 4);
    const rows = await emailsOf(campaign.id);
    const last = rows.filter((e) => e.recipientId === rows.at(-1)!.recipientId);
    await t.ctx.db.update(emails).set({ isApproved: false }).where(eq(emails.id, last[0]!.id));

    // Before: three first emails go now, three follow-ups join their sequence.
    expect(await countsOf(campaign.id)).toMatchObject({ firstToSend: 3, followUpsToStart: 3 });
    const sent = (await call('POST', `/api/campaigns/${campaign.id}/send-approved`)).json();
    expect(sent.successCount + sent.scheduledCount).toBe(3);
    expect(sent.followUpCount).toBe(3);
    const afterSend = await waitUntil(
      async () => {
        const now = await emailsOf(campaign.id);
        const ready = now.filter((e) => e.step === 2 && e.status === 'scheduled').length === 3;
        return ready ? now : false;
      },
      30_000,
      'first emails sent and their follow-ups scheduled',
    );
    expect(sink.count()).toBe(3);
    const scheduledFollowUps = afterSend.filter((e) => e.step === 2 && e.status === 'scheduled');
    const dueTimes = new Map(scheduledFollowUps.map((e) => [e.id, e.scheduledFor!.getTime()]));
    for (const due of dueTimes.values()) expect(due).toBeGreaterThan(Date.now() + 86_400_000);

    // After: the follow-ups due days later are nothing Send now or Schedule would act on (the old count
    // said 3 here, and Schedule "3 emails" scheduled none of them).
    expect(await countsOf(campaign.id)).toMatchObject({ firstToSend: 0, followUpsToStart: 0 });
    const again = await call('POST', `/api/campaigns/${campaign.id}/send-approved`);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('There are no approved emails to send');

    // The last recipient is approved now: one first email to schedule, one follow-up to start.
    await t.ctx.db
      .update(emails)
      .set({ isApproved: true })
      .where(and(eq(emails.campaignId, campaign.id), eq(emails.recipientId, last[0]!.recipientId)));
    expect(await countsOf(campaign.id)).toMatchObject({ firstToSend: 1, followUpsToStart: 1 });
    const at = tomorrow();
    const scheduled = (
      await call('POST', `/api/campaigns/${campaign.id}/send-approved`, { scheduledFor: at })
    ).json();
    expect(scheduled).toMatchObject({ scheduledCount: 1, successCount: 0, followUpCount: 1 });
    const afterSchedule = await emailsOf(campaign.id);
    expect(afterSchedule.find((e) => e.id === last[0]!.id)).toMatchObject({
      status: 'scheduled',
      scheduledFor: new Date(at),
    });
    expect(afterSchedule.find((e) => e.id === last[1]!.id)).toMatchObject({ status: 'waiting' });
    // The follow-ups already in their sequence kept their due times.
    for (const [id, due] of dueTimes)
      expect(afterSchedule.find((e) => e.id === id)).toMatchObject({
        status: 'scheduled',
        scheduledFor: new Date(due),
      });

    // Nothing left to schedule: a time would apply to nothing, so it is refused rather than "done".
    expect(await countsOf(campaign.id)).toMatchObject({ firstToSend: 1, followUpsToStart: 0 });
    await t.ctx.db
      .update(emails)
      .set({ status: 'draft', scheduledFor: null })
      .where(eq(emails.id, last[0]!.id));
    await t.ctx.db.update(emails).set({ isApproved: false }).where(eq(emails.id, last[0]!.id));
    expect(await countsOf(campaign.id)).toMatchObject({ firstToSend: 0, followUpsToStart: 0 });
    const scheduleNothing = await call('POST', `/api/campaigns/${campaign.id}/send-approved`, {
      scheduledFor: tomorrow(),
    });
    expect(scheduleNothing.statusCode).toBe(400);

    // No follow-up goes before its due time: a minute before the first is due, nothing is released;
    // once the app's clock passes it, the worker sends it.
    const firstDue = Math.min(...dueTimes.values());
    expect(await releaseDueEmails(t.ctx.db, t.ctx.sendQueue, new Date(firstDue - 60_000))).toBe(0);
    expect(sink.count()).toBe(3);
    moveClockTo(new Date(firstDue + 60_000));
    const done = await waitUntil(
      async () => {
        const now = await emailsOf(campaign.id);
        return now.some((e) => e.step === 2 && e.status === 'sent') ? now : false;
      },
      30_000,
      'the first follow-up sent once due',
    );
    const sentFollowUps = done.filter((e: EmailRow) => e.step === 2 && e.status === 'sent');
    expect(sentFollowUps.length).toBeGreaterThan(0);
    for (const e of sentFollowUps) expect(dueTimes.get(e.id)).toBeLessThanOrEqual(firstDue + 60_000);
    moveClockTo(new Date());
  });
});
