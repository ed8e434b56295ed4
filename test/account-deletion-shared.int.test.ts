import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORKSPACE_HEADER } from '../src/contract/workspaces';
import { auditEvents, campaigns, emails, unsubscribes, type WorkspaceId } from '../src/server/db/schema';
import { createReadyCampaign } from './support/factories';
import { startTestApp, type TestApp, testDatabases } from './support/test-app';

/**
 * Deleting an account in a team: what the person made in a workspace others still use stays with
 * it (above all the addresses that unsubscribed from their campaigns), and an account that alone
 * owns such a workspace cannot go until someone else owns it.
 */
describe.each(testDatabases())('deleting an account that shares workspaces (%s)', (kind) => {
  let t: TestApp;
  let olive: { cookie: string; id: number };
  let team: WorkspaceId;
  const as = (cookie: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { cookie, [WORKSPACE_HEADER]: String(team) },
      ...(payload && { payload }),
    });
  const signIn = async (email: string) => {
    const cookie = await t.signIn(email);
    return {
      cookie,
      id: (await t.app.inject({ url: '/api/auth/user', headers: { cookie } })).json().id as number,
    };
  };
  const join = async (email: string, role: string) => {
    const person = await signIn(email);
    const link = (await as(olive.cookie, 'POST', '/api/workspace/invitations', { email, role })).json().link;
    await as(person.cookie, 'POST', '/api/invitations/accept', {
      token: new URL(link).pathname.split('/').pop(),
    });
    return person;
  };
  const deleteAccount = (person: { cookie: string }, email: string) =>
    t.app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: { cookie: person.cookie },
      payload: { confirmation: email },
    });

  beforeAll(async () => {
    t = await startTestApp(kind, {}, { role: 'web' });
    olive = await signIn(`olive-${kind}@example.com`);
    team = (
      await t.app.inject({
        method: 'POST',
        url: '/api/workspaces',
        headers: { cookie: olive.cookie },
        payload: { name: 'Shared crates' },
      })
    ).json().id;
  });
  afterAll(() => t.close());

  it("hands a leaving member's work to the workspace's owner and keeps its suppression list", async () => {
    const mia = await join(`mia-${kind}@example.com`, 'sender');
    const campaign = await createReadyCampaign(t.ctx.db, mia.id, 3, { workspaceId: team });
    const rows = await t.ctx.db
      .select()
      .from(emails)
      .where(eq(emails.campaignId, campaign.id))
      .orderBy(emails.id);
    await t.ctx.db
      .update(emails)
      .set({ status: 'scheduled', scheduledFor: new Date(Date.now() + 3_600_000) })
      .where(eq(emails.id, rows[0]!.id));
    await t.ctx.db.insert(unsubscribes).values({
      workspaceId: team,
      userId: mia.id,
      email: `gone-${kind}@example.com`,
      campaignId: campaign.id,
    });

    const res = await deleteAccount(mia, `mia-${kind}@example.com`);
    expect(res.statusCode, res.body).toBe(200);

    const [kept] = await t.ctx.db.select().from(campaigns).where(eq(campaigns.id, campaign.id));
    expect(kept).toMatchObject({ userId: olive.id, workspaceId: team });
    const after = await t.ctx.db
      .select()
      .from(emails)
      .where(eq(emails.campaignId, campaign.id))
      .orderBy(emails.id);
    expect(after.map((e) => [e.userId, e.status])).toEqual([
      // What waited to leave Mia's mailbox is back in review, not on its way from Olive's.
      [olive.id, 'draft'],
      [olive.id, 'draft'],
      [olive.id, 'draft'],
    ]);
    const suppressed = await t.ctx.db.select().from(unsubscribes).where(eq(unsubscribes.workspaceId, team));
    expect(suppressed.map((u) => [u.email, u.userId])).toEqual([[`gone-${kind}@example.com`, olive.id]]);
    const [line] = await t.ctx.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'member.account_deleted'));
    expect(line).toMatchObject({
      workspaceId: team,
      actorEmail: `mia-${kind}@example.com`,
      detail: { handedTo: olive.id, emailsHeld: 1 },
    });
    const members = (await as(olive.cookie, 'GET', '/api/workspace/members')).json();
    expect(members.map((m: { email: string }) => m.email)).toEqual([`olive-${kind}@example.com`]);
  });

  it('refuses to delete the only owner of a workspace others use, and changes nothing', async () => {
    await join(`nia-${kind}@example.com`, 'viewer');
    const campaign = await createReadyCampaign(t.ctx.db, olive.id, 1, { workspaceId: team });
    const res = await deleteAccount(olive, `olive-${kind}@example.com`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'You are the only owner of Shared crates, which others still use: make one of them owner first',
    );
    expect(await t.ctx.db.select().from(campaigns).where(eq(campaigns.id, campaign.id))).toHaveLength(1);
    expect(
      (await t.app.inject({ url: '/api/auth/user', headers: { cookie: olive.cookie } })).statusCode,
    ).toBe(200);
  });
});
