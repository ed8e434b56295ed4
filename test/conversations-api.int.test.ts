import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oauthAccounts, users } from '../src/server/db/schema';
import { ensureSignInMailbox } from '../src/server/queries/mailboxes';
import { insertOpen } from '../src/server/queries/opens';
import { parseRawMessage } from '../src/server/services/conversations/inbound-message';
import { recordInbound } from '../src/server/services/conversations/record-inbound';
import { inboundFixture, sentEmailsTheCorpusAnswers } from './support/inbound';
import { startTestApp, type TestApp, testDatabases } from './support/test-app';

const SENT = new Date('2026-11-19T09:00:00Z');
const at = (iso: string) => new Date(iso);

/** The conversation calls of the API: one email's events, a campaign's replies, the mailbox sync. */
describe.each(testDatabases())('conversations through the API (%s)', (kind) => {
  let t: TestApp;
  let alice: { cookie: string; id: number };
  let bob: { cookie: string; id: number };
  let sent: Awaited<ReturnType<typeof sentEmailsTheCorpusAnswers>>;

  const signedIn = async (email: string) => {
    const cookie = await t.signIn(email);
    const [user] = await t.ctx.db.select().from(users).where(eq(users.email, email));
    return { cookie, id: user!.id };
  };
  const get = (cookie: string, url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
  const record = async (name: string, key: string, receivedAt: Date) =>
    recordInbound(
      t.ctx.db,
      { userId: alice.id, address: 'alice@example.com' },
      { key, receivedAt, link: key === 'r1' ? 'https://mail.google.com/mail/#all/r1' : null },
      await parseRawMessage(inboundFixture(name)),
    );

  beforeAll(async () => {
    t = await startTestApp(kind);
    alice = await signedIn('alice@example.com');
    bob = await signedIn('bob@example.com');
    sent = await sentEmailsTheCorpusAnswers(t.ctx.db, alice.id, SENT);
    await insertOpen(
      t.ctx.db,
      {
        emailId: sent.bob,
        userId: alice.id,
        campaignId: sent.campaign.id,
        openedAt: at('2026-11-19T09:30:00Z'),
        userAgent: 'Mozilla/5.0',
        isMachine: false,
      },
      10,
    );
    await record('out-of-office-rfc3834', 'o1', at('2026-11-19T09:10:00Z'));
    await record('gmail-reply', 'r1', at('2026-11-19T11:00:00Z'));
    await record('outlook-reply', 'r2', at('2026-11-20T08:00:00Z'));
    await record('postfix-delay-4.4.1', 'd1', at('2026-11-19T13:00:00Z'));
  });
  afterAll(() => t?.close());

  it("tells one email's story oldest first: sent, opened, auto-reply, replies", async () => {
    const res = await get(alice.cookie, `/api/emails/${sent.bob}/events`);
    expect(res.statusCode).toBe(200);
    const { events } = res.json();
    expect(
      events.map((e: { type: string; message?: { kind: string } }) => e.message?.kind ?? e.type),
    ).toEqual(['sent', 'auto-reply', 'opened', 'reply', 'reply']);
    expect(events[0]).toEqual({ type: 'sent', at: SENT.toISOString() });
    expect(events[2]).toEqual({ type: 'opened', at: '2026-11-19T09:30:00.000Z', byMachine: false });
    expect(events[3].message).toMatchObject({
      fromAddress: 'bob.martin@gmail.com',
      link: 'https://mail.google.com/mail/#all/r1',
      bounceKind: null,
      receivedAt: '2026-11-19T11:00:00.000Z',
    });
    expect(events[3].message.snippet.length).toBeGreaterThan(0);
    expect(events[3].message.snippet.length).toBeLessThanOrEqual(200);
  });

  it('shows a soft bounce with its status code on the email it was about', async () => {
    const { events } = (await get(alice.cookie, `/api/emails/${sent.carol}/events`)).json();
    const bounce = events.find((e: { type: string }) => e.type === 'inbound').message;
    expect(bounce).toMatchObject({ kind: 'bounce', bounceKind: 'soft', bounceStatus: '4.4.1' });
  });

  it('puts repliedAt, bouncedAt and bounceKind on email objects', async () => {
    const res = await get(alice.cookie, `/api/campaigns/${sent.campaign.id}/emails?limit=10`);
    const byId = new Map(res.json().items.map((e: { id: number }) => [e.id, e]));
    expect(byId.get(sent.bob)).toMatchObject({
      repliedAt: '2026-11-19T11:00:00.000Z',
      bouncedAt: null,
      bounceKind: null,
    });
    expect(byId.get(sent.carol)).toMatchObject({
      repliedAt: null,
      bouncedAt: '2026-11-19T13:00:00.000Z',
      bounceKind: 'soft',
    });
  });

  it("lists a campaign's replies newest first, in pages, without auto-replies", async () => {
    const first = (await get(alice.cookie, `/api/campaigns/${sent.campaign.id}/replies?limit=1`)).json();
    expect(first).toMatchObject({ total: 2, limit: 1, offset: 0 });
    expect(first.items).toHaveLength(1);
    expect(first.items[0]).toMatchObject({
      kind: 'reply',
      emailId: sent.bob,
      recipientEmail: 'bob@martin-sons.example',
      receivedAt: '2026-11-20T08:00:00.000Z',
    });
    const second = (
      await get(alice.cookie, `/api/campaigns/${sent.campaign.id}/replies?limit=1&offset=1`)
    ).json();
    expect(second.items[0].receivedAt).toBe('2026-11-19T11:00:00.000Z');
    const bad = await get(alice.cookie, `/api/campaigns/${sent.campaign.id}/replies?limit=0`);
    expect(bad.statusCode).toBe(400);
  });

  it('counts replies and hard bounces in the rollups, on the day they arrived', async () => {
    const figures = async () => {
      const overview = (await get(alice.cookie, '/api/analytics/overview')).json();
      const daily = (
        await get(alice.cookie, `/api/analytics/daily?days=30&campaignId=${sent.campaign.id}`)
      ).json();
      const dashboard = (await get(alice.cookie, '/api/dashboard/stats')).json();
      const active = daily.days.filter((d: { replied: number; bounced: number }) => d.replied || d.bounced);
      return { campaign: overview.campaigns[0], totals: overview.totals, active, dashboard };
    };
    // Bob replied (twice: one counts); Carol's delay report is a soft bounce, which is not counted.
    let f = await figures();
    expect(f.campaign).toMatchObject({ sent: 2, replied: 1, replyRate: 50, bounced: 0, bounceRate: 0 });
    expect(f.totals).toMatchObject({ replied: 1, replyRate: 50, bounced: 0 });
    expect(f.active).toEqual([expect.objectContaining({ day: '2026-11-19', replied: 1, bounced: 0 })]);
    expect(f.dashboard).toMatchObject({ replyRate: 50, bounceRate: 0 });

    // A hard bounce for Bob's email arrives the next day.
    await record('postfix-bounce-5.1.1', 'b1', at('2026-11-21T07:00:00Z'));
    f = await figures();
    expect(f.campaign).toMatchObject({ replied: 1, bounced: 1, bounceRate: 50 });
    expect(f.active).toEqual([
      expect.objectContaining({ day: '2026-11-19', replied: 1, bounced: 0 }),
      expect.objectContaining({ day: '2026-11-21', replied: 0, bounced: 1 }),
    ]);
    expect(f.dashboard).toMatchObject({ replyRate: 50, bounceRate: 50 });
  });

  it("exports the campaign's suppression entries with their reason, and lists only unsubscribes", async () => {
    // After the hard bounce above, someone answers Bob's email asking to be removed.
    await record('unsubscribe-reply', 's1', at('2026-11-22T07:00:00Z'));
    const res = await get(alice.cookie, `/api/campaigns/${sent.campaign.id}/unsubscribers/export`);
    const rows = res.body
      .trim()
      .split('\r\n')
      .map((line) => line.split(','));
    expect(rows[0]).toEqual(['email', 'unsubscribed_at', 'reason']);
    expect(rows.slice(1).map(([email, , reason]) => [email, reason])).toEqual([
      ['bob@martin-sons.example', 'bounced'],
      ['ivy.chen@cedarpoint.example', 'email request'],
    ]);
    const listed = (await get(alice.cookie, `/api/campaigns/${sent.campaign.id}/unsubscribers`)).json();
    expect(listed.map((u: { email: string }) => u.email)).toEqual(['ivy.chen@cedarpoint.example']);
  });

  it("answers 404 for another user's email and campaign, and nothing of them", async () => {
    for (const url of [`/api/emails/${sent.bob}/events`, `/api/campaigns/${sent.campaign.id}/replies`]) {
      const res = await get(bob.cookie, url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('martin');
    }
  });

  it('says where replies would come from when there is no mailbox to read, and refuses Check now', async () => {
    const status = (await get(alice.cookie, '/api/mailbox/sync-status')).json();
    expect(status).toMatchObject({ mailbox: null, intervalSeconds: 120 });
    expect(status.hint).toMatch(/IMAP_URL/);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/mailbox/sync',
      headers: { cookie: alice.cookie },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toMatch(/IMAP_URL/);
  });

  it('says what reading a Gmail mailbox brings when the deployment does not ask for it', async () => {
    await t.ctx.db.insert(oauthAccounts).values({
      userId: bob.id,
      provider: 'google',
      subject: 'google-bob',
      email: 'bob@example.com',
      scopes: 'openid email profile https://www.googleapis.com/auth/gmail.send',
      updatedAt: new Date(Date.now() + 60_000),
    });
    // As signing in with Google does: that account's mailbox becomes Bob's default.
    await ensureSignInMailbox(t.ctx.db, bob.id, 'google', null);
    const status = (await get(bob.cookie, '/api/mailbox/sync-status')).json();
    expect(status.mailbox).toMatchObject({
      kind: 'gmail',
      address: 'bob@example.com',
      canRead: false,
      lastSyncedAt: null,
    });
    expect(status.hint).toMatch(/replied or bounced.*MAILBOX_READ_SCOPE=true/s);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/mailbox/sync',
      headers: { cookie: bob.cookie },
    });
    expect(res.statusCode).toBe(409);
  });
});
