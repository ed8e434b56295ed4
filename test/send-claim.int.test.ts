import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaigns, emails, recipients, unsubscribes } from '../src/server/db/schema';
import { sendQueuedBatch } from '../src/server/services/sending/pipeline';
import { UNSUBSCRIBED_MESSAGE } from '../src/server/services/sending/suppression';
import { type SmtpSink, startSmtpSink } from './fakes/smtp-sink';
import { createCampaignWithFollowUps, createReadyCampaign, personalWorkspaceOf } from './support/factories';
import { startTestApp, type TestApp, testDatabases } from './support/test-app';

/**
 * The send claim is one statement that also checks the suppression list and the follow-up stop
 * rules. These drive the pipeline a chunk at a time, changing the data between chunks, to show
 * that each chunk's claim sees what happened since the emails were queued.
 */
describe.each(testDatabases())('the send claim checks at send time (%s)', (kind) => {
  let sink: SmtpSink;
  let t: TestApp;
  let userId: number;
  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestApp(kind, { SEND_PACING: 'false', SMTP_URL: sink.url });
    const cookie = await t.signIn('claims@example.com');
    userId = (await t.app.inject({ url: '/api/auth/user', headers: { cookie } })).json().id;
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  const db = () => t.ctx.db;
  const rowsOf = (campaignId: number) =>
    db().select().from(emails).where(eq(emails.campaignId, campaignId)).orderBy(emails.id);
  /** Queued as send-approved leaves them, but without a job: the test hands them to the pipeline itself. */
  const queue = (ids: number[]) =>
    db().update(emails).set({ status: 'queued' }).where(inArray(emails.id, ids));
  const addressOf = async (recipientId: number) =>
    (await db().select().from(recipients).where(eq(recipients.id, recipientId)))[0]!.email;
  const sentTo = () => sink.messages().flatMap((m) => m.envelope.to);

  it('does not send to a recipient suppressed after the chunk before it was sent', async () => {
    sink.reset();
    const campaign = await createReadyCampaign(db(), userId, 4);
    const rows = await rowsOf(campaign.id);
    await queue(rows.map((r) => r.id));
    await db().update(campaigns).set({ status: 'sending' }).where(eq(campaigns.id, campaign.id));

    await sendQueuedBatch(t.ctx, [rows[0]!.id, rows[1]!.id]);
    expect(sink.count()).toBe(2);
    // Between chunks the third recipient unsubscribes (in another letter case).
    const third = await addressOf(rows[2]!.recipientId);
    await db()
      .insert(unsubscribes)
      .values({ userId, workspaceId: await personalWorkspaceOf(db(), userId), email: third.toUpperCase() });
    await sendQueuedBatch(t.ctx, [rows[2]!.id, rows[3]!.id]);

    expect(sink.count()).toBe(3);
    expect(sentTo()).not.toContain(third);
    const after = await rowsOf(campaign.id);
    expect(after.map((r) => r.status)).toEqual(['sent', 'sent', 'unsubscribed', 'sent']);
    // Nothing went out, so it took no attempt, no Message-ID and no place under the daily limit.
    expect(after[2]).toMatchObject({ errorMessage: UNSUBSCRIBED_MESSAGE, attempts: 0, messageId: null });
    const [done] = await db().select().from(campaigns).where(eq(campaigns.id, campaign.id));
    expect(done!.status).toBe('completed');
  });

  it('settles a chunk whose every recipient is suppressed, and the campaign with it', async () => {
    sink.reset();
    const campaign = await createReadyCampaign(db(), userId, 2);
    const rows = await rowsOf(campaign.id);
    await queue(rows.map((r) => r.id));
    await db().update(campaigns).set({ status: 'sending' }).where(eq(campaigns.id, campaign.id));
    for (const row of rows)
      await db()
        .insert(unsubscribes)
        .values({
          userId,
          workspaceId: await personalWorkspaceOf(db(), userId),
          email: await addressOf(row.recipientId),
        });

    await sendQueuedBatch(
      t.ctx,
      rows.map((r) => r.id),
    );
    expect(sink.count()).toBe(0);
    expect((await rowsOf(campaign.id)).map((r) => r.status)).toEqual(['unsubscribed', 'unsubscribed']);
    const [done] = await db().select().from(campaigns).where(eq(campaigns.id, campaign.id));
    expect(done!.status).toBe('completed');
  });

  it('stops a queued follow-up whose recipient unsubscribed, and sends the other in its thread', async () => {
    sink.reset();
    const campaign = await createCampaignWithFollowUps(db(), userId, 3);
    const rows = await rowsOf(campaign.id);
    const firsts = rows.filter((r) => r.step === 1);
    const followUps = rows.filter((r) => r.step === 2).slice(0, 2);
    await db()
      .update(emails)
      .set({ status: 'sent', sentAt: new Date(), messageId: '<first@example.com>' })
      .where(
        inArray(
          emails.id,
          firsts.map((r) => r.id),
        ),
      );
    await queue(followUps.map((r) => r.id));
    const leaving = await addressOf(followUps[0]!.recipientId);
    await db()
      .insert(unsubscribes)
      .values({ userId, workspaceId: await personalWorkspaceOf(db(), userId), email: leaving });

    await sendQueuedBatch(
      t.ctx,
      followUps.map((r) => r.id),
    );
    expect(sink.count()).toBe(1);
    expect(sentTo()).not.toContain(leaving);
    const [stopped] = await db().select().from(emails).where(eq(emails.id, followUps[0]!.id));
    expect(stopped!.status).toBe('stopped');
    expect(stopped!.errorMessage).toMatch(/^Stopped: unsubscribed on /);
    const [sent] = await db()
      .select()
      .from(emails)
      .where(and(eq(emails.id, followUps[1]!.id), eq(emails.status, 'sent')));
    expect(sent!.rawMessage).toContain('In-Reply-To: <first@example.com>');
  });

  it('checks first emails and follow-ups claimed in one chunk each by their own rules', async () => {
    sink.reset();
    const campaign = await createCampaignWithFollowUps(db(), userId, 4);
    const rows = await rowsOf(campaign.id);
    const firsts = rows.filter((r) => r.step === 1);
    const followUps = rows.filter((r) => r.step === 2);
    // The first two recipients had their first email sent; the other two have not.
    await db()
      .update(emails)
      .set({ status: 'sent', sentAt: new Date(), messageId: '<first@example.com>' })
      .where(inArray(emails.id, [firsts[0]!.id, firsts[1]!.id]));
    const chunk = [followUps[0]!.id, followUps[1]!.id, firsts[2]!.id, firsts[3]!.id];
    await queue(chunk);
    // One recipient of each kind is on the suppression list.
    const workspaceId = await personalWorkspaceOf(db(), userId);
    const leaving = [await addressOf(followUps[0]!.recipientId), await addressOf(firsts[2]!.recipientId)];
    for (const email of leaving) await db().insert(unsubscribes).values({ userId, workspaceId, email });

    await sendQueuedBatch(t.ctx, chunk);

    expect(sink.count()).toBe(2);
    expect(sentTo().sort()).toEqual(
      [await addressOf(followUps[1]!.recipientId), await addressOf(firsts[3]!.recipientId)].sort(),
    );
    const after = await db().select().from(emails).where(inArray(emails.id, chunk)).orderBy(emails.id);
    const byId = new Map(after.map((r) => [r.id, r]));
    // A follow-up is stopped with the reason; a first email is marked unsubscribed.
    expect(byId.get(followUps[0]!.id)).toMatchObject({ status: 'stopped', attempts: 0 });
    expect(byId.get(followUps[0]!.id)!.errorMessage).toMatch(/^Stopped: unsubscribed on /);
    expect(byId.get(firsts[2]!.id)).toMatchObject({
      status: 'unsubscribed',
      errorMessage: UNSUBSCRIBED_MESSAGE,
    });
    expect(byId.get(followUps[1]!.id)!.status).toBe('sent');
    expect(byId.get(followUps[1]!.id)!.rawMessage).toContain('In-Reply-To: <first@example.com>');
    expect(byId.get(firsts[3]!.id)!.status).toBe('sent');
    expect(byId.get(firsts[3]!.id)!.rawMessage).not.toContain('In-Reply-To');
  });
});
