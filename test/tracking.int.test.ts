import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkspaceId } from '../src/server/db/schema';
import { emailOpens, users } from '../src/server/db/schema';
import { createCampaign, createRecipientWithEmail, createUser } from './support/factories';
import { startTestApp, type TestApp, testDatabases } from './support/test-app';

const HUMAN_UA = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Thunderbird/128.3.0';
const GOOGLE_PROXY_UA =
  'Mozilla/5.0 (Windows NT 5.1; rv:11.0) Gecko Firefox/11.0 (via ggpht.com GoogleImageProxy)';
const hourAgo = () => new Date(Date.now() - 60 * 60_000);

describe.each(testDatabases())('open tracking and campaign analytics (%s)', (kind) => {
  let t: TestApp;
  let cookie: string;
  let ownerId: number;
  beforeAll(async () => {
    t = await startTestApp(kind);
    cookie = await t.signIn('owner@example.com');
    const [owner] = await t.ctx.db.select().from(users).where(eq(users.email, 'owner@example.com'));
    ownerId = owner!.id;
  });
  afterAll(() => t.close());

  const db = () => t.ctx.db;
  const pixel = (token: string, userAgent?: string) =>
    t.app.inject({ url: `/t/o/${token}.gif`, headers: userAgent ? { 'user-agent': userAgent } : {} });
  const opensOf = (emailId: number) => db().select().from(emailOpens).where(eq(emailOpens.emailId, emailId));
  const api = (url: string, as = cookie) => t.app.inject({ url, headers: { cookie: as } });
  const sentEmail = async (
    campaign: { id: number; userId: number; workspaceId: WorkspaceId },
    address: string,
    sentAt = hourAgo(),
  ) => (await createRecipientWithEmail(db(), campaign, { email: address, status: 'sent', sentAt })).email;

  it('records a human open of a sent email and answers an uncacheable transparent GIF without cookies', async () => {
    const campaign = await createCampaign(db(), ownerId);
    const email = await sentEmail(campaign, 'ada@example.com');
    const longUa = `${HUMAN_UA} ${'x'.repeat(600)}`;

    const res = await pixel(email.trackingToken, longUa);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/gif');
    expect(res.headers['cache-control']).toBe('no-store, no-cache, must-revalidate, private');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.rawPayload.subarray(0, 6).toString()).toBe('GIF89a');
    expect(res.rawPayload.length).toBe(42);

    const [open, ...rest] = await opensOf(email.id);
    expect(rest).toHaveLength(0);
    expect(open).toMatchObject({ userId: ownerId, campaignId: campaign.id, isMachine: false });
    expect(open!.userAgent).toHaveLength(500);
  });

  it('flags an image proxy fetch and a fetch at delivery time as machine opens', async () => {
    const campaign = await createCampaign(db(), ownerId);
    const proxied = await sentEmail(campaign, 'grace@example.com');
    const justSent = await sentEmail(campaign, 'alan@example.com', new Date());

    await pixel(proxied.trackingToken, GOOGLE_PROXY_UA);
    await pixel(justSent.trackingToken, HUMAN_UA);
    expect((await opensOf(proxied.id)).map((o) => o.isMachine)).toEqual([true]);
    expect((await opensOf(justSent.id)).map((o) => o.isMachine)).toEqual([true]);
  });

  it('records nothing for a draft, an unknown token or a HEAD request, yet answers the same GIF', async () => {
    const campaign = await createCampaign(db(), ownerId);
    const { email: draft } = await createRecipientWithEmail(db(), campaign, { email: 'draft@example.com' });
    const sent = await sentEmail(campaign, 'checked@example.com');
    const head = await t.app.inject({ method: 'HEAD', url: `/t/o/${sent.trackingToken}.gif` });
    expect(head.statusCode).toBe(200);
    expect(await opensOf(sent.id)).toHaveLength(0);

    const responses = await Promise.all([
      pixel(draft.trackingToken, HUMAN_UA),
      pixel('AAAAAAAAAAAAAAAAAAAAAAAA', HUMAN_UA),
      pixel('not a token!', HUMAN_UA),
    ]);
    for (const res of responses) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/gif');
    }
    expect(await opensOf(draft.id)).toHaveLength(0);
  });

  it('records a burst of simultaneous fetches (batched into one statement) exactly as one by one', async () => {
    const campaign = await createCampaign(db(), ownerId, { recipientCount: 40 });
    const emails = [];
    for (let i = 0; i < 40; i++) emails.push(await sentEmail(campaign, `burst${i}@example.com`));
    const { email: draft } = await createRecipientWithEmail(db(), campaign, {
      email: 'burst-draft@example.com',
    });
    // Every email fetched twice by a person, the first ten also once by Google's proxy, plus a
    // draft and unknown tokens in the same burst.
    const fetches = [
      ...emails.flatMap((e) => [pixel(e.trackingToken, HUMAN_UA), pixel(e.trackingToken, HUMAN_UA)]),
      ...emails.slice(0, 10).map((e) => pixel(e.trackingToken, GOOGLE_PROXY_UA)),
      pixel(draft.trackingToken, HUMAN_UA),
      pixel('BBBBBBBBBBBBBBBBBBBBBBBB', HUMAN_UA),
    ];
    const responses = await Promise.all(fetches);
    expect(responses.every((r) => r.statusCode === 200)).toBe(true);

    const stored = await db().select().from(emailOpens).where(eq(emailOpens.campaignId, campaign.id));
    expect(stored).toHaveLength(90);
    expect(stored.filter((o) => o.isMachine)).toHaveLength(10);
    expect(await opensOf(draft.id)).toHaveLength(0);
    expect((await api(`/api/campaigns/${campaign.id}/open-stats`)).json()).toMatchObject({
      sent: 40,
      uniqueOpens: 40,
      uniqueOpensIncludingMachine: 40,
      machineOpens: 10,
    });
  });

  it('counts one recipient opening many times once, and proxy opens apart', async () => {
    const campaign = await createCampaign(db(), ownerId, { recipientCount: 4 });
    const reader = await sentEmail(campaign, 'reader@example.com');
    const proxied = await sentEmail(campaign, 'proxied@example.com');
    await sentEmail(campaign, 'unopened@example.com');
    await createRecipientWithEmail(db(), campaign, { email: 'draft@example.com' });

    for (let i = 0; i < 3; i++) await pixel(reader.trackingToken, HUMAN_UA);
    await pixel(proxied.trackingToken, 'Mozilla/5.0');

    const stats = await api(`/api/campaigns/${campaign.id}/open-stats`);
    expect(stats.statusCode).toBe(200);
    const body = stats.json();
    expect(body).toEqual({
      sent: 3,
      totalRecipients: 4,
      uniqueOpens: 1,
      uniqueOpensIncludingMachine: 2,
      machineOpens: 1,
      openRate: expect.any(Number),
    });
    expect(body.openRate).toBeCloseTo(33.333, 2);
  });

  it('answers a zero rate with nothing sent, and no human opens when only proxies fetched', async () => {
    const empty = await createCampaign(db(), ownerId, { recipientCount: 2 });
    await createRecipientWithEmail(db(), empty, { email: 'a@example.com' });
    expect((await api(`/api/campaigns/${empty.id}/open-stats`)).json()).toEqual({
      sent: 0,
      totalRecipients: 2,
      uniqueOpens: 0,
      uniqueOpensIncludingMachine: 0,
      machineOpens: 0,
      openRate: 0,
    });

    const proxiedOnly = await createCampaign(db(), ownerId, { recipientCount: 2 });
    for (const address of ['b@example.com', 'c@example.com']) {
      const email = await sentEmail(proxiedOnly, address);
      await pixel(email.trackingToken, GOOGLE_PROXY_UA);
      await pixel(email.trackingToken, 'Mozilla/5.0');
    }
    expect((await api(`/api/campaigns/${proxiedOnly.id}/open-stats`)).json()).toMatchObject({
      sent: 2,
      uniqueOpens: 0,
      uniqueOpensIncludingMachine: 2,
      machineOpens: 4,
      openRate: 0,
    });
    expect((await api(`/api/campaigns/${proxiedOnly.id}/opened-emails`)).json()).toEqual([]);
  });

  it('lists the addresses people opened, sorted', async () => {
    const campaign = await createCampaign(db(), ownerId);
    for (const address of ['zoe@example.com', 'Bob@example.com', 'amy@example.com', 'proxy@example.com']) {
      const email = await sentEmail(campaign, address);
      await pixel(email.trackingToken, address.startsWith('proxy') ? GOOGLE_PROXY_UA : HUMAN_UA);
    }
    await sentEmail(campaign, 'never@example.com');
    const res = await api(`/api/campaigns/${campaign.id}/opened-emails`);
    expect(res.json()).toEqual(['amy@example.com', 'Bob@example.com', 'zoe@example.com']);
  });

  it("answers 404 for another user's campaign and 401 when signed out", async () => {
    const stranger = await createUser(db());
    const theirs = await createCampaign(db(), stranger.id);
    const email = await sentEmail(theirs, 'x@example.com');
    await pixel(email.trackingToken, HUMAN_UA);
    await t.app.inject({ method: 'POST', url: `/u/${email.trackingToken}` });
    for (const call of ['open-stats', 'opened-emails', 'unsubscribers']) {
      const res = await api(`/api/campaigns/${theirs.id}/${call}`);
      expect(res.statusCode, call).toBe(404);
      expect(res.body).not.toContain('x@example.com');
      expect((await t.app.inject({ url: `/api/campaigns/${theirs.id}/${call}` })).statusCode).toBe(401);
    }
  });
});
