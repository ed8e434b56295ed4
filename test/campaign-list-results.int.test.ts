import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CampaignListItem } from '../src/contract/campaigns';
import { campaigns, templates, users } from '../src/server/db/schema';
import { createCampaign, createRecipientWithEmail, personalWorkspaceOf } from './support/factories';
import { startTestApp, type TestApp, testDatabases } from './support/test-app';

const HUMAN_UA = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Thunderbird/128.3.0';
const GOOGLE_PROXY_UA =
  'Mozilla/5.0 (Windows NT 5.1; rv:11.0) Gecko Firefox/11.0 (via ggpht.com GoogleImageProxy)';

/** The campaign cards' figures (docs/product.md §3): the lists carry each campaign's rollup. */
describe.each(testDatabases())('campaign lists with results (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  const db = () => t.ctx.db;
  const list = async (cookie: string, url: string) => {
    const res = await t.app.inject({ url, headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as CampaignListItem[];
  };

  it('gives sent, people’s opens and unsubscribes per campaign, and zeros before sending', async () => {
    const cookie = await t.signIn('cards@example.com');
    const [user] = await db().select().from(users).where(eq(users.email, 'cards@example.com'));
    const sent = await createCampaign(db(), user!.id, { name: 'Sent one', status: 'completed' });
    const unsent = await createCampaign(db(), user!.id, { name: 'Not yet' });
    const archived = await createCampaign(db(), user!.id, { name: 'Old', status: 'completed' });
    const sentAt = new Date(Date.now() - 60 * 60_000);
    const emailTo = (campaign: typeof sent, address: string) =>
      createRecipientWithEmail(db(), campaign, { email: address, status: 'sent', sentAt });
    const reader = (await emailTo(sent, 'reader@example.com')).email;
    const proxied = (await emailTo(sent, 'proxied@example.com')).email;
    await emailTo(sent, 'silent@example.com');
    await emailTo(archived, 'past@example.com');
    await db().update(campaigns).set({ archivedAt: new Date() }).where(eq(campaigns.id, archived.id));

    const pixel = (token: string, userAgent: string) =>
      t.app.inject({ url: `/t/o/${token}.gif`, headers: { 'user-agent': userAgent } });
    await pixel(reader.trackingToken, HUMAN_UA);
    // An image proxy's fetch is not a person opening it.
    await pixel(proxied.trackingToken, GOOGLE_PROXY_UA);
    await t.app.inject({ method: 'POST', url: `/u/${reader.trackingToken}` });

    const active = await list(cookie, '/api/campaigns');
    const byName = Object.fromEntries(active.map((c) => [c.name, c.results]));
    expect(byName).toEqual({
      'Sent one': { sent: 3, opened: 1, unsubscribed: 1 },
      'Not yet': { sent: 0, opened: 0, unsubscribed: 0 },
    });
    expect(active.map((c) => c.id)).toEqual([unsent.id, sent.id]);
    expect(await list(cookie, '/api/campaigns/archived')).toMatchObject([
      { id: archived.id, results: { sent: 1, opened: 0, unsubscribed: 0 } },
    ]);
  });

  it('names each campaign’s template and says whether drafts wait for approval (issue #28)', async () => {
    const cookie = await t.signIn('review-cards@example.com');
    const [user] = await db().select().from(users).where(eq(users.email, 'review-cards@example.com'));
    const [template] = await db()
      .insert(templates)
      .values({
        userId: user!.id,
        workspaceId: await personalWorkspaceOf(db(), user!.id),
        name: 'Expo prompt',
        type: 'prompt',
        variables: ['email'],
      })
      .returning();
    // Scheduled, with first emails still drafts: the card must still offer Review.
    const waiting = await createCampaign(db(), user!.id, {
      name: 'Half approved',
      status: 'scheduled',
      templateId: template!.id,
    });
    await createRecipientWithEmail(db(), waiting, { email: 'later@example.com', status: 'scheduled' });
    await createRecipientWithEmail(db(), waiting, { email: 'draft@example.com' });
    const done = await createCampaign(db(), user!.id, { name: 'All scheduled', status: 'scheduled' });
    await createRecipientWithEmail(db(), done, { email: 'soon@example.com', status: 'scheduled' });

    const byName = Object.fromEntries((await list(cookie, '/api/campaigns')).map((c) => [c.name, c]));
    expect(byName['Half approved']).toMatchObject({ templateName: 'Expo prompt', hasDraftsToApprove: true });
    expect(byName['All scheduled']).toMatchObject({ templateName: null, hasDraftsToApprove: false });
  });

  it('shows no other user’s figures', async () => {
    const cookie = await t.signIn('other-cards@example.com');
    expect(await list(cookie, '/api/campaigns')).toEqual([]);
  });
});
