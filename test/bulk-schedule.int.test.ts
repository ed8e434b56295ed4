import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaigns, emails } from '../src/server/db/schema';
import { createCampaignWithFollowUps, createReadyCampaign } from './support/factories';
import { startTestApp, type TestApp, testDatabases } from './support/test-app';

/**
 * The Scheduled Emails dialog's bulk calls (docs/product.md §10): POST /api/emails/unschedule and
 * /api/emails/reschedule act on the signed-in user's scheduled emails among the ids and count them;
 * another user's emails and emails in other states are neither touched nor reported. No worker runs
 * here, so scheduled emails stay scheduled.
 */
describe.each(testDatabases())('bulk unschedule and reschedule (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, {}, { role: 'web' });
  });
  afterAll(() => t.close());

  const db = () => t.ctx.db;
  const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000);

  async function signedInUser(email: string) {
    const cookie = await t.signIn(email);
    const id = (await t.app.inject({ url: '/api/auth/user', headers: { cookie } })).json().id as number;
    return { cookie, id };
  }

  /** A scheduled campaign of `count` emails, all scheduled an hour from now. */
  async function scheduledCampaign(userId: number, count: number) {
    const campaign = await createReadyCampaign(db(), userId, count, { status: 'scheduled' });
    const rows = await db()
      .update(emails)
      .set({ status: 'scheduled', scheduledFor: inHours(1) })
      .where(eq(emails.campaignId, campaign.id))
      .returning();
    return { campaign, ids: rows.map((r) => r.id).sort((a, b) => a - b) };
  }

  const post = (cookie: string, url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: { cookie }, payload });
  const emailsOf = (ids: number[]) =>
    db().select().from(emails).where(inArray(emails.id, ids)).orderBy(emails.id);
  const campaignStatus = async (id: number) =>
    (await db().select().from(campaigns).where(eq(campaigns.id, id)))[0]!.status;

  it('unschedules only the user’s scheduled emails, back to draft, and counts them', async () => {
    const alice = await signedInUser('bulk-alice@example.com');
    const bob = await signedInUser('bulk-bob@example.com');
    const mine = await scheduledCampaign(alice.id, 3);
    const theirs = await scheduledCampaign(bob.id, 1);
    // One of Alice's is already on its way: not scheduled any more, so not hers to unschedule.
    await db().update(emails).set({ status: 'queued' }).where(eq(emails.id, mine.ids[2]!));

    const res = await post(alice.cookie, '/api/emails/unschedule', { ids: [...mine.ids, ...theirs.ids] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ unscheduled: 2 });

    const rows = await emailsOf(mine.ids);
    expect(rows.map((r) => [r.status, r.scheduledFor])).toEqual([
      ['draft', null],
      ['draft', null],
      ['queued', expect.any(Date)],
    ]);
    expect((await emailsOf(theirs.ids)).map((r) => r.status)).toEqual(['scheduled']);
    // The queued email keeps Alice's campaign sending; Bob's stays scheduled.
    expect(await campaignStatus(mine.campaign.id)).toBe('sending');
    expect(await campaignStatus(theirs.campaign.id)).toBe('scheduled');
  });

  it('moves the campaign back to ready when none of its emails is left scheduled', async () => {
    const user = await signedInUser('bulk-ready@example.com');
    const { campaign, ids } = await scheduledCampaign(user.id, 2);
    const res = await post(user.cookie, '/api/emails/unschedule', { ids });
    expect(res.json()).toEqual({ unscheduled: 2 });
    expect(await campaignStatus(campaign.id)).toBe('ready');
  });

  it('reschedules only the user’s scheduled emails to one time, and counts them', async () => {
    const alice = await signedInUser('bulk-alice-2@example.com');
    const bob = await signedInUser('bulk-bob-2@example.com');
    const mine = await scheduledCampaign(alice.id, 3);
    const theirs = await scheduledCampaign(bob.id, 1);
    // A draft among the ids stays a draft: rescheduling is not scheduling.
    await db().update(emails).set({ status: 'draft', scheduledFor: null }).where(eq(emails.id, mine.ids[2]!));
    const at = inHours(48);
    const theirTime = (await emailsOf(theirs.ids))[0]!.scheduledFor;

    const res = await post(alice.cookie, '/api/emails/reschedule', {
      ids: [...mine.ids, ...theirs.ids],
      scheduledFor: at.toISOString(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ rescheduled: 2, keptDueTime: 0 });

    const rows = await emailsOf(mine.ids);
    expect(rows.map((r) => [r.status, r.scheduledFor?.getTime() ?? null])).toEqual([
      ['scheduled', at.getTime()],
      ['scheduled', at.getTime()],
      ['draft', null],
    ]);
    const [bobs] = await emailsOf(theirs.ids);
    expect(bobs).toMatchObject({ status: 'scheduled', scheduledFor: theirTime });
  });

  it('moves a follow-up no earlier than its due time, and says how many kept it', async () => {
    const alice = await signedInUser('bulk-alice-sequence@example.com');
    const campaign = await createCampaignWithFollowUps(db(), alice.id, 2);
    const all = await db().select().from(emails).where(eq(emails.campaignId, campaign.id)).orderBy(emails.id);
    const firsts = all.filter((e) => e.step === 1).map((e) => e.id);
    const followUps = all.filter((e) => e.step === 2 && e.isApproved).map((e) => e.id);
    // The first email went an hour ago: its sequence schedules the follow-up two days after it.
    await db().update(emails).set({ status: 'waiting' }).where(inArray(emails.id, followUps));
    await db()
      .update(emails)
      .set({ status: 'sent', sentAt: inHours(-1) })
      .where(inArray(emails.id, firsts));
    const [due] = await emailsOf(followUps);
    expect(due!.status).toBe('scheduled');
    expect(due!.scheduledFor!.getTime()).toBeGreaterThan(inHours(40).getTime());
    const other = await scheduledCampaign(alice.id, 1);

    // Asked for in an hour: the first email of another campaign moves, the follow-up keeps its time.
    const soon = inHours(1);
    const res = await post(alice.cookie, '/api/emails/reschedule', {
      ids: [...followUps, ...other.ids],
      scheduledFor: soon.toISOString(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ rescheduled: 2, keptDueTime: 1 });
    expect((await emailsOf(followUps))[0]!.scheduledFor!.getTime()).toBeGreaterThanOrEqual(
      due!.scheduledFor!.getTime() - 20 * 60_000,
    );
    expect((await emailsOf(other.ids))[0]!.scheduledFor!.getTime()).toBe(soon.getTime());

    // Later than its due time, it moves like any email.
    const later = inHours(24 * 6);
    const again = await post(alice.cookie, '/api/emails/reschedule', {
      ids: followUps,
      scheduledFor: later.toISOString(),
    });
    expect(again.json()).toEqual({ rescheduled: 1, keptDueTime: 0 });
    expect((await emailsOf(followUps))[0]!.scheduledFor!.getTime()).toBe(later.getTime());
  });

  it('takes a time with its offset, and refuses a past one with 400, changing nothing', async () => {
    const user = await signedInUser('bulk-time@example.com');
    const { ids } = await scheduledCampaign(user.id, 1);
    const before = (await emailsOf(ids))[0]!.scheduledFor;

    const past = await post(user.cookie, '/api/emails/reschedule', {
      ids,
      scheduledFor: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe('Scheduled time must be in the future');
    expect((await emailsOf(ids))[0]!.scheduledFor).toEqual(before);

    // The same moment written in another offset.
    const later = inHours(30);
    const plusTwo = new Date(later.getTime() + 2 * 3_600_000).toISOString().replace('Z', '+02:00');
    const res = await post(user.cookie, '/api/emails/reschedule', { ids, scheduledFor: plusTwo });
    expect(res.json()).toEqual({ rescheduled: 1, keptDueTime: 0 });
    expect((await emailsOf(ids))[0]!.scheduledFor?.getTime()).toBe(later.getTime());
  });

  it('refuses bodies outside the contract, and answers 401 signed out', async () => {
    const user = await signedInUser('bulk-bad@example.com');
    const tooMany = Array.from({ length: 501 }, (_, i) => i + 1);
    for (const body of [
      { ids: [] },
      { ids: tooMany },
      { ids: [1.5] },
      { ids: [-1] },
      { ids: [1], extra: true },
    ]) {
      expect((await post(user.cookie, '/api/emails/unschedule', body)).statusCode, JSON.stringify(body)).toBe(
        400,
      );
    }
    for (const scheduledFor of ['tomorrow', '2030-01-01T10:00:00']) {
      const res = await post(user.cookie, '/api/emails/reschedule', { ids: [1], scheduledFor });
      expect(res.statusCode, scheduledFor).toBe(400);
    }
    const signedOut = await t.app.inject({
      method: 'POST',
      url: '/api/emails/unschedule',
      payload: { ids: [1] },
    });
    expect(signedOut.statusCode).toBe(401);
  });

  it('lists one campaign’s scheduled emails when asked', async () => {
    const user = await signedInUser('bulk-list@example.com');
    const first = await scheduledCampaign(user.id, 2);
    await scheduledCampaign(user.id, 1);
    const res = await t.app.inject({
      url: `/api/scheduled-emails?campaignId=${first.campaign.id}`,
      headers: { cookie: user.cookie },
    });
    expect(res.json()).toMatchObject({ total: 2 });
    expect(
      res.json().items.every((e: { campaign: { id: number } }) => e.campaign.id === first.campaign.id),
    ).toBe(true);
    const all = await t.app.inject({ url: '/api/scheduled-emails', headers: { cookie: user.cookie } });
    expect(all.json().total).toBe(3);
  });
});
