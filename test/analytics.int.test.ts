import { and, eq, sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsOverview, DailyActivity, SentEmailsPage } from '../src/contract/analytics';
import { selectRows } from '../src/server/db/client';
import type { WorkspaceId } from '../src/server/db/schema';
import { campaignSteps, emails, unsubscribes, users } from '../src/server/db/schema';
import {
  createCampaign,
  createReadyCampaign,
  createRecipientWithEmail,
  personalWorkspaceOf,
} from './support/factories';
import { waitUntil } from './support/http-client';
import { startTestApp, type TestApp, testDatabases } from './support/test-app';

const HUMAN_UA = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Thunderbird/128.3.0';
const GOOGLE_PROXY_UA =
  'Mozilla/5.0 (Windows NT 5.1; rv:11.0) Gecko Firefox/11.0 (via ggpht.com GoogleImageProxy)';
const hourAgo = () => new Date(Date.now() - 60 * 60_000);

describe.each(testDatabases())('analytics (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  const db = () => t.ctx.db;
  const pixel = (token: string, userAgent: string) =>
    t.app.inject({ url: `/t/o/${token}.gif`, headers: { 'user-agent': userAgent } });
  const get = (cookie: string, url: string) => t.app.inject({ url, headers: { cookie } });
  const json = async <T>(cookie: string, url: string): Promise<T> => {
    const res = await get(cookie, url);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json() as T;
  };
  async function signedInUser(email: string) {
    const cookie = await t.signIn(email);
    const [user] = await db().select().from(users).where(eq(users.email, email));
    return { cookie, id: user!.id };
  }
  const sentEmail = async (
    campaign: { id: number; userId: number; workspaceId: WorkspaceId },
    address: string,
    subject = 'Hello',
  ) =>
    (
      await createRecipientWithEmail(db(), campaign, {
        email: address,
        status: 'sent',
        sentAt: hourAgo(),
        subject,
      })
    ).email;

  it('answers zeros, not errors, before anything is sent', async () => {
    const { cookie, id } = await signedInUser('empty@example.com');
    await createCampaign(db(), id);
    const overview = await json<AnalyticsOverview>(cookie, '/api/analytics/overview');
    expect(overview.campaigns).toEqual([]);
    expect(overview.totals).toMatchObject({
      sent: 0,
      opened: 0,
      unopened: 0,
      openRate: 0,
      openRateIncludingMachine: 0,
      replyRate: 0,
      bounceRate: 0,
    });
    const daily = await json<DailyActivity>(cookie, '/api/analytics/daily?days=14');
    expect(daily.days).toHaveLength(14);
    expect(daily.days.every((d) => d.sent === 0 && d.opened === 0)).toBe(true);
    expect(new Date(`${daily.days[13]!.day}T00:00:00Z`).getTime()).toBeGreaterThan(
      new Date(`${daily.days[0]!.day}T00:00:00Z`).getTime(),
    );
    expect(await json<SentEmailsPage>(cookie, '/api/analytics/sent-emails')).toMatchObject({
      items: [],
      total: 0,
    });
    const dashboard = await json<{ emailsSent: number; openedRate: number }>(cookie, '/api/dashboard/stats');
    expect(dashboard).toMatchObject({ emailsSent: 0, openedRate: 0 });
  });

  it('counts people and image proxies apart, each recipient once, and only sent emails', async () => {
    const { cookie, id } = await signedInUser('numbers@example.com');
    const campaign = await createCampaign(db(), id, { name: 'Numbers' });
    const reader = await sentEmail(campaign, 'reader@example.com', 'B subject');
    const proxied = await sentEmail(campaign, 'proxied@example.com', 'D subject');
    const both = await sentEmail(campaign, 'both@example.com', 'A subject');
    await sentEmail(campaign, 'silent@example.com', 'C subject');
    const unsubscribed = await createRecipientWithEmail(db(), campaign, {
      email: 'gone@example.com',
      status: 'unsubscribed',
    });
    await createRecipientWithEmail(db(), campaign, { email: 'failed@example.com', status: 'failed' });

    for (let i = 0; i < 3; i++) await pixel(reader.trackingToken, HUMAN_UA);
    await pixel(proxied.trackingToken, GOOGLE_PROXY_UA);
    await pixel(proxied.trackingToken, GOOGLE_PROXY_UA);
    await pixel(both.trackingToken, GOOGLE_PROXY_UA);
    await pixel(both.trackingToken, HUMAN_UA);
    // A pixel of an email that was never sent records nothing.
    await pixel(unsubscribed.email.trackingToken, HUMAN_UA);
    await t.app.inject({ method: 'POST', url: `/u/${reader.trackingToken}` });

    const overview = await json<AnalyticsOverview>(cookie, '/api/analytics/overview');
    const expected = {
      sent: 4,
      opened: 2,
      openedIncludingMachine: 3,
      unopened: 2,
      openRate: 50,
      openRateIncludingMachine: 75,
      unsubscribes: 1,
      replied: 0,
      replyRate: 0,
      bounced: 0,
      bounceRate: 0,
    };
    expect(overview.campaigns).toEqual([
      {
        campaignId: campaign.id,
        name: 'Numbers',
        status: campaign.status,
        archived: false,
        hasFollowUps: false,
        ...expected,
      },
    ]);
    expect(overview.totals).toEqual(expected);
    // A follow-up step is what offers the figures by step.
    await db()
      .insert(campaignSteps)
      .values({ campaignId: campaign.id, step: 2, delayDays: 3, templateId: null });
    const withStep = await json<AnalyticsOverview>(cookie, '/api/analytics/overview');
    expect(withStep.campaigns[0]?.hasFollowUps).toBe(true);

    const daily = await json<DailyActivity>(cookie, `/api/analytics/daily?days=3&campaignId=${campaign.id}`);
    const sum = (key: 'sent' | 'opened' | 'openedIncludingMachine') =>
      daily.days.reduce((n, d) => n + d[key], 0);
    expect([sum('sent'), sum('opened'), sum('openedIncludingMachine')]).toEqual([4, 2, 3]);

    const openStats = await json<{
      uniqueOpens: number;
      sent: number;
      machineOpens: number;
      openRate: number;
    }>(cookie, `/api/campaigns/${campaign.id}/open-stats`);
    expect(openStats).toMatchObject({ sent: 4, uniqueOpens: 2, machineOpens: 3, openRate: 50 });

    const dashboard = await json<{ emailsSent: number; openedRate: number; successRate: number }>(
      cookie,
      '/api/dashboard/stats',
    );
    expect(dashboard).toMatchObject({ emailsSent: 4, openedRate: 50, successRate: 80 });
  });

  it('dates sends and opens in the owner’s time zone', async () => {
    const { cookie, id } = await signedInUser('zoned@example.com');
    const zone = await t.app.inject({
      method: 'POST',
      url: '/api/auth/time-zone',
      headers: { cookie },
      payload: { timeZone: 'Pacific/Kiritimati' },
    });
    expect(zone.statusCode, zone.body).toBeLessThan(300);
    const campaign = await createCampaign(db(), id);
    const email = await sentEmail(campaign, 'zoned-reader@example.com');
    await pixel(email.trackingToken, HUMAN_UA);
    const [sent] = await db().select().from(emails).where(eq(emails.id, email.id));
    const daily = await json<DailyActivity>(cookie, '/api/analytics/daily?days=3');
    const day = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Kiritimati' }).format(at);
    expect(daily.days.find((d) => d.day === day(sent!.sentAt!))?.sent).toBe(1);
    expect(daily.days.find((d) => d.day === day(sent!.humanOpenedAt!))?.opened).toBe(1);
    expect(daily.days.at(-1)?.day).toBe(day(new Date()));
  });

  it('pages, sorts and filters the Sent Emails table on the server', async () => {
    const { cookie, id } = await signedInUser('table@example.com');
    const first = await createCampaign(db(), id, { name: 'First' });
    const second = await createCampaign(db(), id, { name: 'Second' });
    const subjects = ['Echo', 'alpha', 'Delta', 'Bravo', 'Charlie'];
    const made = [];
    for (const [i, subject] of subjects.entries()) {
      const email = await sentEmail(i < 3 ? first : second, `p${i}@example.com`, subject);
      // Distinct send times, oldest first, so the default order is known.
      await db()
        .update(emails)
        .set({ sentAt: new Date(Date.now() - (10 - i) * 60_000) })
        .where(eq(emails.id, email.id));
      made.push(email);
    }
    await pixel(made[0]!.trackingToken, HUMAN_UA);
    await pixel(made[3]!.trackingToken, GOOGLE_PROXY_UA);

    const page = (query: string) => json<SentEmailsPage>(cookie, `/api/analytics/sent-emails?${query}`);
    const newest = await page('pageSize=2');
    expect(newest.total).toBe(5);
    expect(newest.items.map((i) => i.email)).toEqual(['p4@example.com', 'p3@example.com']);
    expect(newest.items[1]).toMatchObject({
      opened: false,
      openedByMachineOnly: true,
      campaignName: 'Second',
    });
    expect((await page('pageSize=2&page=3')).items.map((i) => i.email)).toEqual(['p0@example.com']);
    // Past the last page: no rows to carry the total, which is asked for on its own.
    expect(await page('pageSize=2&page=4')).toMatchObject({ total: 5, items: [] });
    expect(await page('pageSize=2&page=9&opened=unopened')).toMatchObject({ total: 4, items: [] });
    expect((await page('sort=sentAt&order=asc&pageSize=1')).items[0]!.email).toBe('p0@example.com');

    const bySubject = await page('sort=subject&order=asc');
    expect(bySubject.items.map((i) => i.subject)).toEqual([...subjects].sort());
    const bySubjectDesc = await page('sort=subject&order=desc');
    expect(bySubjectDesc.items.map((i) => i.subject)).toEqual([...subjects].sort().reverse());

    const opened = await page('opened=opened');
    expect(opened).toMatchObject({ total: 1, items: [{ email: 'p0@example.com', opened: true }] });
    const unopened = await page('opened=unopened');
    expect(unopened.total).toBe(4);
    expect(unopened.items.map((i) => i.email)).not.toContain('p0@example.com');

    const inFirst = await page(`campaignId=${first.id}`);
    expect(inFirst.total).toBe(3);
    expect(inFirst.items.every((i) => i.campaignId === first.id)).toBe(true);
    const unopenedInFirst = await page(`campaignId=${first.id}&opened=unopened`);
    expect(unopenedInFirst.total).toBe(2);
    expect(unopenedInFirst.items).toHaveLength(2);
    expect(await page(`campaignId=${second.id}&opened=opened`)).toMatchObject({ total: 0, items: [] });

    for (const bad of ['page=0', 'pageSize=1000', 'sort=email', 'opened=maybe', 'campaignId=abc']) {
      const res = await get(cookie, `/api/analytics/sent-emails?${bad}`);
      expect(res.statusCode, bad).toBe(400);
    }
  });

  it('marks Sent Emails rows whose recipient unsubscribed: any letter case, not a bounce, only the user’s own list', async () => {
    const { cookie, id } = await signedInUser('unsub-flag@example.com');
    const other = await signedInUser('unsub-flag-other@example.com');
    const campaign = await createCampaign(db(), id);
    const linked = await sentEmail(campaign, 'linked@example.com');
    await sentEmail(campaign, 'asked@example.com');
    await sentEmail(campaign, 'bounced@example.com');
    await sentEmail(campaign, 'elsewhere@example.com');
    await sentEmail(campaign, 'stays@example.com');
    await t.app.inject({ method: 'POST', url: `/u/${linked.trackingToken}` });
    await db()
      .insert(unsubscribes)
      .values([
        {
          userId: id,
          workspaceId: campaign.workspaceId,
          email: 'ASKED@Example.com',
          reason: 'email request',
        },
        { userId: id, workspaceId: campaign.workspaceId, email: 'bounced@example.com', reason: 'bounced' },
        // Another workspace's list says nothing about this workspace's recipients.
        {
          userId: other.id,
          workspaceId: await personalWorkspaceOf(db(), other.id),
          email: 'elsewhere@example.com',
          reason: 'link',
        },
      ]);

    const page = await json<SentEmailsPage>(cookie, '/api/analytics/sent-emails');
    const flags = Object.fromEntries(page.items.map((i) => [i.email, i.unsubscribed]));
    expect(flags).toEqual({
      'linked@example.com': true,
      'asked@example.com': true,
      'bounced@example.com': false,
      'elsewhere@example.com': false,
      'stays@example.com': false,
    });
  });

  it('exports a campaign’s unsubscribers as formula-safe CSV', async () => {
    const { cookie, id } = await signedInUser('export@example.com');
    const campaign = await createCampaign(db(), id);
    // One through the unsubscribe page's form, one through a mail client's one-click button.
    const bodies = ['List-Unsubscribe=One-Click&via=page', 'List-Unsubscribe=One-Click'];
    for (const [i, address] of ['plain@example.com', '=HYPERLINK("http://x")@example.com'].entries()) {
      const email = await sentEmail(campaign, address);
      await t.app.inject({
        method: 'POST',
        url: `/u/${email.trackingToken}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: bodies[i],
      });
    }
    const res = await get(cookie, `/api/campaigns/${campaign.id}/unsubscribers/export`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('attachment');
    const rows = Papa.parse<string[]>(res.body.trim()).data;
    expect(rows[0]).toEqual(['email', 'unsubscribed_at', 'reason']);
    expect(
      rows
        .slice(1)
        .map((r) => [r[0], r[2]])
        .sort(),
    ).toEqual([
      [`'=HYPERLINK("http://x")@example.com`, 'one-click'],
      ['plain@example.com', 'link'],
    ]);
    expect(rows.slice(1).every((r) => !Number.isNaN(Date.parse(r[1]!)))).toBe(true);
  });

  it('shows one user none of another’s figures, and 404s their campaign ids', async () => {
    const owner = await signedInUser('owner-a@example.com');
    const campaign = await createCampaign(db(), owner.id);
    const email = await sentEmail(campaign, 'private@example.com');
    await pixel(email.trackingToken, HUMAN_UA);
    await t.app.inject({ method: 'POST', url: `/u/${email.trackingToken}` });

    const stranger = await signedInUser('stranger-b@example.com');
    const overview = await json<AnalyticsOverview>(stranger.cookie, '/api/analytics/overview');
    expect(overview.campaigns).toEqual([]);
    expect(overview.totals.sent).toBe(0);
    expect((await json<SentEmailsPage>(stranger.cookie, '/api/analytics/sent-emails')).total).toBe(0);
    const daily = await json<DailyActivity>(stranger.cookie, '/api/analytics/daily');
    expect(daily.days.every((d) => d.sent === 0)).toBe(true);
    for (const url of [
      `/api/analytics/sent-emails?campaignId=${campaign.id}`,
      `/api/analytics/daily?campaignId=${campaign.id}`,
      `/api/campaigns/${campaign.id}/unsubscribers/export`,
    ]) {
      const res = await get(stranger.cookie, url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('private@example.com');
      expect((await t.app.inject({ url })).statusCode, url).toBe(401);
    }
  });

  it('keeps the daily rollup equal to the emails themselves through real sends and opens', async () => {
    const { cookie, id } = await signedInUser('rollup@example.com');
    const campaign = await createReadyCampaign(db(), id, 30);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/campaigns/${campaign.id}/send-approved`,
      headers: { cookie },
      payload: {},
    });
    expect(res.statusCode, res.body).toBe(200);
    await waitUntil(
      async () =>
        (await db().$count(emails, and(eq(emails.campaignId, campaign.id), eq(emails.status, 'sent')))) ===
        30,
      20_000,
      'the campaign sent',
    );
    // Opens seconds after delivery count as machine prefetches: date the sends back an hour (the
    // rollup moves them with their day).
    await db().update(emails).set({ sentAt: hourAgo() }).where(eq(emails.campaignId, campaign.id));
    const sent = await db().select().from(emails).where(eq(emails.campaignId, campaign.id));
    for (const email of sent.slice(0, 10)) await pixel(email.trackingToken, HUMAN_UA);
    for (const email of sent.slice(5, 15)) await pixel(email.trackingToken, GOOGLE_PROXY_UA);

    const [truth] = await selectRows<{ sent: number; opened: number; any: number }>(
      db(),
      sql`select count(*)::int as sent,
                 count(*) filter (where exists (select 1 from email_opens o where o.email_id = e.id and not o.is_machine))::int as opened,
                 count(*) filter (where exists (select 1 from email_opens o where o.email_id = e.id))::int as any
          from emails e where e.campaign_id = ${campaign.id} and e.status = 'sent'`,
    );
    const overview = await json<AnalyticsOverview>(cookie, '/api/analytics/overview');
    expect(overview.campaigns[0]).toMatchObject({
      sent: truth!.sent,
      opened: truth!.opened,
      openedIncludingMachine: truth!.any,
    });
    expect(truth).toEqual({ sent: 30, opened: 10, any: 15 });
  });
});
