import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emails, mailboxes, oauthAccounts, recipients, sessions, users } from '../src/server/db/schema';
import type { FakeMailProviders } from './fakes/mail-providers';
import type { FakeOidc } from './fakes/oidc-provider';
import { createReadyCampaign } from './support/factories';
import { waitUntil } from './support/http-client';
import { connectAccount, connectNotice, mailboxesOf } from './support/mailbox-connect';
import { startProviderApp } from './support/provider-app';
import { signInWithProvider } from './support/provider-sign-in';
import { type TestApp, testDatabases } from './support/test-app';

const GMAIL_SEND = 'https://www.googleapis.com/auth/gmail.send';

/**
 * Connecting a Google or Microsoft account other than the sign-in one as a mailbox, against the
 * fake providers keeping one mailbox per account: each mailbox sends with its own account's token.
 */
describe.each(testDatabases())('connecting another Google or Microsoft account as a mailbox (%s)', (kind) => {
  let oidc: FakeOidc;
  let mail: FakeMailProviders;
  let t: TestApp;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ oidc, mail, t, close } = await startProviderApp(
      { SENDING_LEASE_SECONDS: '1' },
      { kind, perAccount: true },
    ));
  });
  afterAll(() => close());

  const account = (provider: 'google' | 'microsoft', email: string) => ({
    sub: `${provider}-${email}`,
    email,
    given_name: 'Other',
    family_name: 'Account',
  });
  const connect = (cookie: string, provider: 'google' | 'microsoft', email: string) =>
    connectAccount(t, oidc, { cookie, provider, account: account(provider, email) });

  /** A ready campaign of `count` sending from these mailboxes; its rows once `statuses` count `count`. */
  async function send(cookie: string, userId: number, mailboxIds: number[], count: number) {
    const campaign = await createReadyCampaign(t.ctx.db, userId, count);
    const chosen = await t.app.inject({
      method: 'PUT',
      url: `/api/campaigns/${campaign.id}/mailboxes`,
      headers: { cookie },
      payload: { mailboxIds },
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/campaigns/${campaign.id}/send-approved`,
      headers: { cookie },
      payload: {},
    });
    expect(res.statusCode, res.body).toBe(200);
    return campaign.id;
  }
  const allSent = (campaignId: number, count: number) =>
    waitUntil(
      async () => {
        const rows = await t.ctx.db.select().from(emails).where(eq(emails.campaignId, campaignId));
        return rows.filter((r) => r.status === 'sent').length === count ? rows : false;
      },
      20_000,
      `${count} emails sent`,
    );
  const counts = async () => ({
    accounts: (await t.ctx.db.select().from(oauthAccounts)).length,
    mailboxes: (await t.ctx.db.select().from(mailboxes)).length,
    sessions: (await t.ctx.db.select().from(sessions)).length,
  });

  it('connects a second Google account as a mailbox, without touching the profile or the session', async () => {
    const a = await signInWithProvider(t, oidc, 'google', 'ann@gmail.test');
    const before = await counts();
    const { res, authorization } = await connect(a.cookie, 'google', 'ann.second@gmail.test');
    // The provider was asked to let the person pick another account, for offline sending (and
    // reading, as this deployment's sign-in asks), through sign-in's registered redirect URI.
    expect(authorization.searchParams.get('prompt')).toBe('select_account consent');
    expect(authorization.searchParams.get('access_type')).toBe('offline');
    expect(authorization.searchParams.get('redirect_uri')).toMatch(/\/api\/auth\/google\/callback$/);
    expect(authorization.searchParams.get('scope')?.split(' ')).toEqual(
      expect.arrayContaining([
        'openid',
        'email',
        GMAIL_SEND,
        'https://www.googleapis.com/auth/gmail.readonly',
      ]),
    );
    expect(connectNotice(res)).toEqual({
      path: '/settings',
      notice: 'connected',
      address: 'ann.second@gmail.test',
    });
    expect(res.cookies.find((c) => c.name === 'tailor_session')).toBeUndefined();
    expect(await counts()).toEqual({
      ...before,
      accounts: before.accounts + 1,
      mailboxes: before.mailboxes + 1,
    });

    const list = await mailboxesOf(t, a.cookie);
    expect(list.map((m) => [m.kind, m.address, m.isDefault, m.signIn])).toEqual([
      ['google', 'ann@gmail.test', true, true],
      ['google', 'ann.second@gmail.test', false, false],
    ]);
    const me = (await t.app.inject({ url: '/api/auth/user', headers: { cookie: a.cookie } })).json();
    expect(me).toMatchObject({ id: a.userId, email: 'ann@gmail.test', firstName: 'Pat', lastName: 'Sender' });
    const [second] = await t.ctx.db
      .select()
      .from(oauthAccounts)
      .where(eq(oauthAccounts.email, 'ann.second@gmail.test'));
    expect(second).toMatchObject({ userId: a.userId, provider: 'google', signedInAt: null });
    expect(second!.refreshTokenEnc).toMatch(/^v1\./);
  });

  it("sends from the connected mailbox with its own token: B's Gmail gets B's From, A's gets nothing", async () => {
    const a = await signInWithProvider(t, oidc, 'google', 'bo@gmail.test');
    await connect(a.cookie, 'google', 'bo.sales@gmail.test');
    const b = (await mailboxesOf(t, a.cookie)).find((m) => m.address === 'bo.sales@gmail.test')!;
    const rows = await allSent(await send(a.cookie, a.userId, [b.id], 2), 2);
    const received = mail.sentBy('gmail', 'bo.sales@gmail.test');
    expect(received.map((m) => m.messageId).sort()).toEqual(rows.map((r) => r.messageId).sort());
    for (const m of received) {
      expect(m.parsed.from?.value[0]?.address).toBe('bo.sales@gmail.test');
      // Gmail would have put the account's address in place of another From: the app sent it.
      expect(m.rewrittenFrom).toBeUndefined();
    }
    expect(mail.sentBy('gmail', 'bo@gmail.test')).toHaveLength(0);
  });

  it('spreads a campaign over both accounts, each message through the account of its mailbox', async () => {
    const a = await signInWithProvider(t, oidc, 'google', 'cy@gmail.test');
    await connect(a.cookie, 'google', 'cy.two@gmail.test');
    const [first, second] = await mailboxesOf(t, a.cookie);
    const rows = await allSent(await send(a.cookie, a.userId, [first!.id, second!.id], 20), 20);
    const viaA = mail.sentBy('gmail', 'cy@gmail.test');
    const viaB = mail.sentBy('gmail', 'cy.two@gmail.test');
    expect(viaA.length).toBeGreaterThan(0);
    expect(viaB.length).toBeGreaterThan(0);
    expect(viaA.length + viaB.length).toBe(20);
    // Each recipient's mailbox is the one whose account carried their email, with its From.
    const given = await t.ctx.db
      .select({ messageId: emails.messageId, mailboxId: recipients.mailboxId })
      .from(emails)
      .innerJoin(recipients, eq(recipients.id, emails.recipientId))
      .where(
        inArray(
          emails.id,
          rows.map((r) => r.id),
        ),
      );
    const mailboxOf = new Map(given.map((g) => [g.messageId, g.mailboxId]));
    for (const [box, sent] of [
      [first!, viaA],
      [second!, viaB],
    ] as const) {
      for (const m of sent) {
        expect(mailboxOf.get(m.messageId!)).toBe(box.id);
        expect(m.rewrittenFrom).toBeUndefined();
      }
    }
  });

  it('pauses only the mailbox whose account revoked access; reconnecting sends what waited, once', async () => {
    const a = await signInWithProvider(t, oidc, 'google', 'di@gmail.test');
    await connect(a.cookie, 'google', 'di.b@gmail.test');
    const [boxA, boxB] = await mailboxesOf(t, a.cookie);
    // Both access tokens expired: each mailbox must refresh with its own account's refresh token.
    await t.ctx.db
      .update(oauthAccounts)
      .set({ accessTokenExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(oauthAccounts.userId, a.userId));
    oidc.revokeRefreshTokensOf('google', 'google-di.b@gmail.test');

    const fromB = await send(a.cookie, a.userId, [boxB!.id], 2);
    const fromA = await send(a.cookie, a.userId, [boxA!.id], 1);
    await allSent(fromA, 1);
    const paused = await waitUntil(
      async () =>
        (await mailboxesOf(t, a.cookie)).find((m) => m.id === boxB!.id && m.state === 'needs_credentials'),
      20_000,
      "B's mailbox waiting for a new connection",
    );
    expect(paused.stateMessage).toContain('di.b@gmail.test');
    expect(paused.stateMessage).toMatch(/Reconnect/);
    expect((await mailboxesOf(t, a.cookie)).find((m) => m.id === boxA!.id)!.state).toBe('active');
    const waiting = await t.ctx.db.select().from(emails).where(eq(emails.campaignId, fromB));
    expect(waiting.every((e) => e.status === 'queued')).toBe(true);
    expect(mail.sentBy('gmail', 'di.b@gmail.test')).toHaveLength(0);
    expect(mail.sentBy('gmail', 'di@gmail.test')).toHaveLength(1);
    // The banner is for the sign-in account; a connected one says Reconnect on its own card.
    const me = (await t.app.inject({ url: '/api/auth/user', headers: { cookie: a.cookie } })).json();
    expect(me.mailboxNeedsReauth).toBe(false);

    const again = await connect(a.cookie, 'google', 'di.b@gmail.test');
    expect(connectNotice(again.res)).toMatchObject({ notice: 'reconnected', address: 'di.b@gmail.test' });
    const rows = await allSent(fromB, 2);
    const received = mail.sentBy('gmail', 'di.b@gmail.test');
    expect(received.map((m) => m.messageId).sort()).toEqual(rows.map((r) => r.messageId).sort());
    expect((await mailboxesOf(t, a.cookie)).find((m) => m.id === boxB!.id)!.state).toBe('active');
  });

  it("refuses an account that is another Tailor user's, and saves nothing", async () => {
    const owner = await signInWithProvider(t, oidc, 'google', 'eve@gmail.test');
    const [ownerAccount] = await t.ctx.db
      .select()
      .from(oauthAccounts)
      .where(eq(oauthAccounts.userId, owner.userId));
    const a = await signInWithProvider(t, oidc, 'google', 'fay@gmail.test');
    const before = await counts();
    const { res } = await connect(a.cookie, 'google', 'eve@gmail.test');
    expect(connectNotice(res)).toEqual({ path: '/settings', notice: 'taken', address: 'eve@gmail.test' });
    expect(await counts()).toEqual(before);
    const [after] = await t.ctx.db.select().from(oauthAccounts).where(eq(oauthAccounts.id, ownerAccount!.id));
    expect(after).toEqual(ownerAccount);
    expect(await mailboxesOf(t, a.cookie)).toHaveLength(1);
  });

  it('refuses a callback without the session that started it, with a wrong state, or a replayed code', async () => {
    const a = await signInWithProvider(t, oidc, 'google', 'gus@gmail.test');
    const other = await signInWithProvider(t, oidc, 'google', 'hal@gmail.test');
    const before = await counts();
    const target = { provider: 'google' as const, account: account('google', 'gus.two@gmail.test') };

    const signedOut = await connectAccount(t, oidc, { cookie: a.cookie, ...target, callbackCookie: null });
    expect(connectNotice(signedOut.res).notice).toBe('signed-out');
    const someoneElse = await connectAccount(t, oidc, {
      cookie: a.cookie,
      ...target,
      callbackCookie: other.cookie,
    });
    expect(connectNotice(someoneElse.res).notice).toBe('signed-out');
    const forged = await connectAccount(t, oidc, {
      cookie: a.cookie,
      ...target,
      tamper: (url) => url.searchParams.set('state', 'forged-state'),
    });
    expect(connectNotice(forged.res).notice).toBe('failed');
    expect(await counts()).toEqual(before);

    const done = await connectAccount(t, oidc, { cookie: a.cookie, ...target });
    expect(connectNotice(done.res).notice).toBe('connected');
    const connected = await counts();
    // Replayed with the flow cookie (the provider refuses a used code) and without it (a sign-in then).
    expect(connectNotice(await done.replay(a.cookie)).notice).toBe('failed');
    const bare = await t.app.inject({
      url: done.callback.pathname + done.callback.search,
      headers: { cookie: a.cookie },
    });
    expect(bare.headers.location).toBe('/?signin=failed');
    expect(await counts()).toEqual(connected);
  });

  it('says a denied consent, and refuses an account that withheld the send permission', async () => {
    const a = await signInWithProvider(t, oidc, 'google', 'ida@gmail.test');
    const before = await counts();
    oidc.denyNext('google');
    const denied = await connect(a.cookie, 'google', 'ida.two@gmail.test');
    expect(connectNotice(denied.res).notice).toBe('denied');
    oidc.withholdNext('google', GMAIL_SEND);
    const withheld = await connect(a.cookie, 'google', 'ida.two@gmail.test');
    expect(connectNotice(withheld.res)).toMatchObject({ notice: 'no-send', address: 'ida.two@gmail.test' });
    expect(await counts()).toEqual(before);
  });

  it('removes a connected mailbox and its tokens, never the sign-in one', async () => {
    const a = await signInWithProvider(t, oidc, 'google', 'jo@gmail.test');
    await connect(a.cookie, 'google', 'jo.spare@gmail.test');
    const [signIn, spare] = await mailboxesOf(t, a.cookie);
    const remove = (id: number) =>
      t.app.inject({ method: 'DELETE', url: `/api/mailboxes/${id}`, headers: { cookie: a.cookie } });
    expect((await remove(signIn!.id)).statusCode).toBe(409);
    expect((await remove(spare!.id)).statusCode).toBe(200);
    expect((await mailboxesOf(t, a.cookie)).map((m) => m.id)).toEqual([signIn!.id]);
    const left = await t.ctx.db.select().from(oauthAccounts).where(eq(oauthAccounts.userId, a.userId));
    expect(left.map((r) => r.email)).toEqual(['jo@gmail.test']);
  });

  it('signing in with a connected account makes it a sign-in one: each mailbox keeps its own address', async () => {
    const a = await signInWithProvider(t, oidc, 'google', 'lu@gmail.test');
    await connect(a.cookie, 'google', 'lu.work@gmail.test');
    // As a sign-in mailbox made before connecting existed: no address of its own, the profile's.
    await t.ctx.db
      .update(mailboxes)
      .set({ address: null })
      .where(and(eq(mailboxes.userId, a.userId), eq(mailboxes.isDefault, true)));
    const b = await signInWithProvider(t, oidc, 'google', 'lu.work@gmail.test');
    expect(b.userId).toBe(a.userId);
    const list = await mailboxesOf(t, b.cookie);
    expect(list.map((m) => [m.address, m.isDefault, m.signIn])).toEqual([
      ['lu@gmail.test', false, true],
      ['lu.work@gmail.test', true, true],
    ]);
    // Both accounts are ones the person signs in with: neither mailbox can be removed.
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/mailboxes/${list[0]!.id}`,
      headers: { cookie: b.cookie },
    });
    expect(removed.statusCode).toBe(409);
  });

  it('Microsoft: connects an Outlook account and sends from it through Graph with its From', async () => {
    const a = await signInWithProvider(t, oidc, 'google', 'kim@gmail.test');
    const { res, authorization } = await connect(a.cookie, 'microsoft', 'kim@contoso.test');
    // Microsoft takes one prompt value; the fake refuses more, as Entra ID does.
    expect(authorization.searchParams.get('prompt')).toBe('select_account');
    expect(authorization.searchParams.get('scope')?.split(' ')).toEqual(
      expect.arrayContaining(['offline_access', 'Mail.Send', 'Mail.Read']),
    );
    expect(connectNotice(res)).toMatchObject({ notice: 'connected', address: 'kim@contoso.test' });
    const outlook = (await mailboxesOf(t, a.cookie)).find((m) => m.kind === 'microsoft')!;
    expect(outlook).toMatchObject({ address: 'kim@contoso.test', isDefault: false, signIn: false });
    const rows = await allSent(await send(a.cookie, a.userId, [outlook.id], 2), 2);
    const received = mail.sentBy('graph', 'kim@contoso.test');
    expect(received.map((m) => m.messageId).sort()).toEqual(rows.map((r) => r.messageId).sort());
    expect(received.every((m) => m.parsed.from?.value[0]?.address === 'kim@contoso.test')).toBe(true);
    expect(mail.sentBy('gmail', 'kim@gmail.test')).toHaveLength(0);
    const me = await t.ctx.db
      .select()
      .from(users)
      .where(and(eq(users.id, a.userId), eq(users.email, 'kim@gmail.test')));
    expect(me).toHaveLength(1);
  });
});
