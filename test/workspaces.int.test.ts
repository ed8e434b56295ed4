import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORKSPACE_HEADER } from '../src/contract/workspaces';
import { emails, invitations, type WorkspaceId } from '../src/server/db/schema';
import { invite } from '../src/server/services/workspaces';
import { createCampaign, createRecipientWithEmail, personalWorkspaceOf } from './support/factories';
import { startTestApp, type TestApp, testDatabases } from './support/test-app';

/**
 * A team in one workspace: invitations (single use, expiring, for one address), roles changed and
 * members removed by owners (never the last owner), and the suppression list they share.
 */
describe.each(testDatabases())('workspaces and members (%s)', (kind) => {
  let t: TestApp;
  let alice: string;
  let aliceId: number;
  let team: WorkspaceId;
  const as = (cookie: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { cookie, [WORKSPACE_HEADER]: String(team) },
      ...(payload ? { payload } : {}),
    });
  const signIn = async (email: string) => {
    const cookie = await t.signIn(email);
    const me = await t.app.inject({ url: '/api/auth/user', headers: { cookie } });
    return { cookie, id: me.json().id as number };
  };
  const tokenOf = (link: string) => new URL(link).pathname.split('/').pop()!;

  beforeAll(async () => {
    t = await startTestApp(kind);
    ({ cookie: alice, id: aliceId } = await signIn(`alice-${kind}@example.com`));
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/workspaces',
      headers: { cookie: alice },
      payload: { name: 'Acme sales' },
    });
    expect(created.json()).toMatchObject({ name: 'Acme sales', role: 'owner', fourEyes: false });
    team = created.json().id;
  });
  afterAll(() => t.close());

  it('lists a new person’s own workspace first, and the ones they make after it', async () => {
    const listed = (await t.app.inject({ url: '/api/workspaces', headers: { cookie: alice } })).json();
    expect(listed.map((w: { name: string; role: string }) => [w.name, w.role])).toEqual([
      ['My workspace', 'owner'],
      ['Acme sales', 'owner'],
    ]);
    expect(listed[0].id).toBe(await personalWorkspaceOf(t.ctx.db, aliceId));
  });

  it('joins with an invitation link once, only as the address it was sent to', async () => {
    const sent = await as(alice, 'POST', '/api/workspace/invitations', {
      email: `Bob-${kind}@Example.com`,
      role: 'reviewer',
    });
    expect(sent.statusCode).toBe(200);
    const { link } = sent.json();
    expect(link).toMatch(/^http:\/\/[^/]+\/invite\/[\w-]{43}$/);
    const token = tokenOf(link);
    // Only the token's hash is stored.
    const [stored] = await t.ctx.db.select().from(invitations).where(eq(invitations.id, sent.json().id));
    expect(stored!.tokenHash).not.toContain(token);
    expect((await as(alice, 'GET', '/api/workspace/invitations')).json()).toMatchObject([
      { email: `Bob-${kind}@Example.com`, role: 'reviewer', invitedBy: `alice-${kind}@example.com` },
    ]);

    const mallory = await signIn(`mallory-${kind}@example.com`);
    const wrong = await as(mallory.cookie, 'POST', '/api/invitations/accept', { token });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toBe(
      `This invitation is for Bob-${kind}@Example.com: sign in with that address to accept it`,
    );
    expect((await as(mallory.cookie, 'GET', '/api/campaigns')).statusCode).toBe(404);

    const bob = await signIn(`bob-${kind}@example.com`);
    const joined = await as(bob.cookie, 'POST', '/api/invitations/accept', { token });
    expect(joined.json()).toEqual({
      id: team,
      name: 'Acme sales',
      role: 'reviewer',
      fourEyes: false,
      keepAnswerDays: 0,
    });
    const again = await as(bob.cookie, 'POST', '/api/invitations/accept', { token });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('This invitation link is not valid, or it was used already');
    expect((await as(alice, 'GET', '/api/workspace/invitations')).json()).toEqual([]);
    const members = (await as(bob.cookie, 'GET', '/api/workspace/members')).json();
    expect(members.map((m: { email: string; role: string }) => [m.email, m.role])).toEqual([
      [`alice-${kind}@example.com`, 'owner'],
      [`bob-${kind}@example.com`, 'reviewer'],
    ]);
  });

  it('refuses an expired link, and a link replaced by a newer invitation', async () => {
    const weekAgo = new Date(Date.now() - 8 * 86_400_000);
    const owner = { userId: aliceId, workspaceId: team, role: 'owner' as const, fourEyes: false };
    const old = await invite(
      t.ctx.db,
      owner,
      { email: `carol-${kind}@example.com`, role: 'viewer' },
      new URL('http://x'),
      weekAgo,
    );
    const carol = await signIn(`carol-${kind}@example.com`);
    const expired = await as(carol.cookie, 'POST', '/api/invitations/accept', { token: tokenOf(old.link) });
    expect(expired.statusCode).toBe(409);
    expect(expired.json().message).toBe('This invitation has expired: ask the workspace owner for a new one');

    const first = (
      await as(alice, 'POST', '/api/workspace/invitations', {
        email: `carol-${kind}@example.com`,
        role: 'viewer',
      })
    ).json();
    const second = (
      await as(alice, 'POST', '/api/workspace/invitations', {
        email: `carol-${kind}@example.com`,
        role: 'sender',
      })
    ).json();
    expect(
      (await as(carol.cookie, 'POST', '/api/invitations/accept', { token: tokenOf(first.link) })).statusCode,
    ).toBe(404);
    expect(
      (await as(carol.cookie, 'POST', '/api/invitations/accept', { token: tokenOf(second.link) })).json(),
    ).toMatchObject({ role: 'sender' });
    expect((await as(alice, 'DELETE', `/api/workspace/invitations/${second.id}`)).statusCode).toBe(404);
  });

  it('lets owners change roles and remove members, never leaving the workspace without an owner', async () => {
    const dan = await signIn(`dan-${kind}@example.com`);
    const link = (
      await as(alice, 'POST', '/api/workspace/invitations', {
        email: `dan-${kind}@example.com`,
        role: 'viewer',
      })
    ).json().link;
    await as(dan.cookie, 'POST', '/api/invitations/accept', { token: tokenOf(link) });
    expect(
      (await as(dan.cookie, 'POST', '/api/campaigns', { name: 'Dan’s', templateId: null })).statusCode,
    ).toBe(403);

    const promoted = await as(alice, 'PUT', `/api/workspace/members/${dan.id}`, { role: 'sender' });
    expect(promoted.json()).toMatchObject({ userId: dan.id, role: 'sender' });
    const made = await as(dan.cookie, 'POST', '/api/campaigns', { name: 'Dan’s', templateId: null });
    expect(made.statusCode).toBe(200);
    // A sender manages no members.
    expect(
      (await as(dan.cookie, 'PUT', `/api/workspace/members/${aliceId}`, { role: 'viewer' })).statusCode,
    ).toBe(403);

    const lastOwner = await as(alice, 'PUT', `/api/workspace/members/${aliceId}`, { role: 'sender' });
    expect(lastOwner.statusCode).toBe(409);
    expect(lastOwner.json().message).toBe('A workspace needs an owner: make someone else owner first');
    expect((await as(alice, 'DELETE', `/api/workspace/members/${aliceId}`)).statusCode).toBe(409);

    // Something of Dan's waits to go from his mailbox: removing him holds it.
    const dans = await createCampaign(t.ctx.db, dan.id, { workspaceId: team, status: 'scheduled' });
    const waiting = await createRecipientWithEmail(t.ctx.db, dans, {
      email: `later-${kind}@example.com`,
      status: 'scheduled',
    });
    expect((await as(alice, 'DELETE', `/api/workspace/members/${dan.id}`)).json()).toEqual({ ok: true });
    const [held] = await t.ctx.db.select().from(emails).where(eq(emails.id, waiting.email.id));
    expect(held).toMatchObject({
      status: 'draft',
      isApproved: false,
      scheduledFor: null,
      errorMessage: 'Not sent: its sender may no longer send for this workspace',
    });
    expect((await as(dan.cookie, 'GET', '/api/campaigns')).statusCode).toBe(404);
    const left = (await as(alice, 'GET', '/api/campaigns')).json();
    expect(left.map((c: { name: string }) => c.name)).toContain('Dan’s');
    expect((await as(alice, 'DELETE', `/api/workspace/members/${dan.id}`)).statusCode).toBe(404);
  });

  it("skips an address in every member's campaigns once it unsubscribed from one of them", async () => {
    const erin = await signIn(`erin-${kind}@example.com`);
    const link = (
      await as(alice, 'POST', '/api/workspace/invitations', {
        email: `erin-${kind}@example.com`,
        role: 'sender',
      })
    ).json().link;
    await as(erin.cookie, 'POST', '/api/invitations/accept', { token: tokenOf(link) });

    const alices = await createCampaign(t.ctx.db, aliceId, { workspaceId: team, status: 'ready' });
    const sent = await createRecipientWithEmail(t.ctx.db, alices, {
      email: `leaving-${kind}@example.com`,
      status: 'sent',
      sentAt: new Date(),
    });
    expect((await t.app.inject({ method: 'POST', url: `/u/${sent.email.trackingToken}` })).statusCode).toBe(
      200,
    );

    const erins = await createCampaign(t.ctx.db, erin.id, { workspaceId: team, status: 'ready' });
    const next = await createRecipientWithEmail(t.ctx.db, erins, { email: `LEAVING-${kind}@example.com` });
    const send = await as(erin.cookie, 'POST', `/api/emails/${next.email.id}/send`, {});
    expect(send.json()).toMatchObject({ status: 'unsubscribed', unsubscribed: true });

    // Erin's own workspace keeps its own list: the address is not suppressed there.
    const own = await personalWorkspaceOf(t.ctx.db, erin.id);
    const elsewhere = await createCampaign(t.ctx.db, erin.id, { workspaceId: own, status: 'ready' });
    const there = await createRecipientWithEmail(t.ctx.db, elsewhere, {
      email: `leaving-${kind}@example.com`,
    });
    const approved = await t.app.inject({
      method: 'PUT',
      url: `/api/emails/${there.email.id}`,
      headers: { cookie: erin.cookie, [WORKSPACE_HEADER]: String(own) },
      payload: { isApproved: true },
    });
    expect(approved.json()).toMatchObject({ isApproved: true, status: 'draft' });
  });

  it("sends only from the maker's own mailbox: a teammate cannot send Alice's email", async () => {
    const frank = await signIn(`frank-${kind}@example.com`);
    const link = (
      await as(alice, 'POST', '/api/workspace/invitations', {
        email: `frank-${kind}@example.com`,
        role: 'owner',
      })
    ).json().link;
    await as(frank.cookie, 'POST', '/api/invitations/accept', { token: tokenOf(link) });
    const alices = await createCampaign(t.ctx.db, aliceId, { workspaceId: team, status: 'ready' });
    const draft = await createRecipientWithEmail(t.ctx.db, alices, { email: `someone-${kind}@example.com` });
    const send = await as(frank.cookie, 'POST', `/api/emails/${draft.email.id}/send`, {});
    expect(send.statusCode).toBe(403);
    expect(send.json().message).toBe("This goes from a teammate's mailbox: only they can send it");
    const all = await as(frank.cookie, 'POST', `/api/campaigns/${alices.id}/send-approved`, {});
    expect(all.statusCode).toBe(403);
  });

  it("gives the workspace's figures by the member who made each campaign, on Analytics and the dashboard", async () => {
    const grace = await signIn(`grace-${kind}@example.com`);
    const link = (
      await as(alice, 'POST', '/api/workspace/invitations', {
        email: `grace-${kind}@example.com`,
        role: 'sender',
      })
    ).json().link;
    await as(grace.cookie, 'POST', '/api/invitations/accept', { token: tokenOf(link) });
    const hers = await createCampaign(t.ctx.db, grace.id, { workspaceId: team, status: 'completed' });
    for (const n of [1, 2, 3])
      await createRecipientWithEmail(t.ctx.db, hers, {
        email: `g${n}-${kind}@example.com`,
        status: 'sent',
        sentAt: new Date(),
      });
    const overview = (await as(grace.cookie, 'GET', '/api/analytics/overview')).json();
    const byMember = Object.fromEntries(
      overview.members.map((m: { email: string; sent: number; unsubscribes: number }) => [
        m.email,
        [m.sent, m.unsubscribes],
      ]),
    );
    // Alice's sent email and its unsubscribe (an earlier test), and Grace's three.
    expect(byMember[`alice-${kind}@example.com`]).toEqual([1, 1]);
    expect(byMember[`grace-${kind}@example.com`]).toEqual([3, 0]);
    expect(overview.members[0].email).toBe(`grace-${kind}@example.com`);
    expect(overview.totals.sent).toBe(
      overview.members.reduce((n: number, m: { sent: number }) => n + m.sent, 0),
    );
    // The dashboard gives the same figures by member, beside its totals.
    const dashboard = (await as(alice, 'GET', '/api/dashboard/stats')).json();
    expect(dashboard.members).toEqual(overview.members);
    expect(dashboard.emailsSent).toBe(overview.totals.sent);
  });
});
