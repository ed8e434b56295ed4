import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORKSPACE_HEADER } from '../src/contract/workspaces';
import { apiTokens, auditEvents, memberships, type WorkspaceId } from '../src/server/db/schema';
import { bearer, makeApiToken } from './support/api-tokens';
import { createCampaign, personalWorkspaceOf } from './support/factories';
import { startTestApp, type TestApp, testDatabases } from './support/test-app';

const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('base64url');

/**
 * An API token's life: made in Settings by owners and senders, shown once and kept only as a hash,
 * used with `Authorization: Bearer` in its own workspace as its maker (whose membership is read on
 * every call), answered with problem details, and stopped by revocation, expiry or its maker's removal.
 */
describe.each(testDatabases())('API tokens (%s)', (kind) => {
  let t: TestApp;
  let clockFile: string;
  let owner: { cookie: string; id: number };
  let sender: { cookie: string; id: number };
  let workspace: WorkspaceId;
  const moveClock = (ms: number) => fs.writeFileSync(clockFile, String(ms));

  const user = async (email: string) => {
    const cookie = await t.signIn(email);
    return { cookie, id: (await t.app.inject({ url: '/api/auth/user', headers: { cookie } })).json().id };
  };

  beforeAll(async () => {
    clockFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tailor-clock-')), 'offset');
    moveClock(0);
    t = await startTestApp(kind, { CLOCK_OFFSET_FILE: clockFile });
    owner = await user(`owner-${kind}@example.com`);
    sender = await user(`sender-${kind}@example.com`);
    workspace = await personalWorkspaceOf(t.ctx.db, owner.id);
    await t.ctx.db.insert(memberships).values({ workspaceId: workspace, userId: sender.id, role: 'sender' });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(path.dirname(clockFile), { recursive: true, force: true });
  });

  const inWorkspace = (cookie: string) => ({ cookie, [WORKSPACE_HEADER]: String(workspace) });

  it('shows the secret once, in the create answer, and keeps only its hash', async () => {
    const made = await makeApiToken(t, sender.cookie, ['read', 'write'], { workspace, name: 'CRM sync' });
    expect(made.secret).toMatch(/^tlr_[A-Za-z0-9_-]{43}$/);
    expect(made).toMatchObject({ name: 'CRM sync', scopes: ['read', 'write'], lastUsedAt: null });
    expect(made.secret.startsWith(made.prefix)).toBe(true);
    const [row] = await t.ctx.db.select().from(apiTokens).where(eq(apiTokens.id, made.id));
    expect(row!.secretHash).toBe(sha256(made.secret));
    const tables = await t.ctx.db.execute(sql`select to_jsonb(t)::text as row from api_tokens t`);
    const audit = await t.ctx.db.select().from(auditEvents);
    expect(JSON.stringify(tables)).not.toContain(made.secret);
    expect(JSON.stringify(audit)).not.toContain(made.secret);
    expect(audit.map((a) => a.action)).toContain('api_token.created');
    const listed = await t.app.inject({
      url: '/api/workspace/api-tokens',
      headers: inWorkspace(sender.cookie),
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toContain(made.secret);
    expect(listed.json()).toEqual([
      expect.objectContaining({ id: made.id, prefix: made.prefix, madeBy: `sender-${kind}@example.com` }),
    ]);
  });

  it('acts as its maker in its own workspace, without the header and ignoring a cookie beside it', async () => {
    const made = await makeApiToken(t, sender.cookie, ['read', 'write'], { workspace });
    await createCampaign(t.ctx.db, owner.id, { name: 'Team campaign', workspaceId: workspace });
    const stranger = await user(`stranger-${kind}@example.com`);
    const res = await t.app.inject({
      url: '/api/campaigns',
      headers: { ...bearer(made.secret), cookie: stranger.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((c: { name: string }) => c.name)).toContain('Team campaign');
    const me = await t.app.inject({ url: '/api/auth/user', headers: bearer(made.secret) });
    expect(me.json()).toMatchObject({ id: sender.id, provider: 'local' });
    // No cross-site check for a token: the browser cannot send one from another site.
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/templates',
      headers: { ...bearer(made.secret), origin: 'https://elsewhere.example' },
      payload: { name: 'From the API', type: 'template', subjectTemplate: 'Hi', bodyTemplate: 'Hello' },
    });
    expect(created.statusCode).toBe(200);
    const crossSite = await t.app.inject({
      method: 'POST',
      url: '/api/templates',
      headers: { cookie: sender.cookie, origin: 'https://elsewhere.example' },
      payload: { name: 'Cross-site', type: 'template', subjectTemplate: 'Hi', bodyTemplate: 'Hello' },
    });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json()).toEqual({ error: 'forbidden', message: 'Cross-site request refused' });
  });

  it('answers 404 for another workspace, named or through its ids', async () => {
    const made = await makeApiToken(t, owner.cookie, ['read', 'write'], { workspace });
    const other = await user(`other-${kind}@example.com`);
    const theirs = await personalWorkspaceOf(t.ctx.db, other.id);
    const campaign = await createCampaign(t.ctx.db, other.id, { name: 'Not yours' });
    const named = await t.app.inject({
      url: '/api/campaigns',
      headers: { ...bearer(made.secret), [WORKSPACE_HEADER]: String(theirs) },
    });
    expect(named.statusCode).toBe(404);
    expect(named.headers['content-type']).toMatch(/^application\/problem\+json/);
    const byId = await t.app.inject({ url: `/api/campaigns/${campaign.id}`, headers: bearer(made.secret) });
    expect(byId.statusCode).toBe(404);
    expect(byId.body).not.toContain('Not yours');
  });

  it('answers errors as RFC 9457 problem details to a token, and as before to the browser', async () => {
    const made = await makeApiToken(t, owner.cookie, ['read'], { workspace });
    const res = await t.app.inject({ url: '/api/campaigns/2147483000', headers: bearer(made.secret) });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json()).toEqual({
      type: 'about:blank',
      title: 'Not Found',
      status: 404,
      detail: 'Campaign not found',
      error: 'not_found',
    });
    const invalid = await t.app.inject({
      url: '/api/analytics/daily?days=nope',
      headers: bearer(made.secret),
    });
    expect(invalid.json()).toMatchObject({ status: 400, error: 'bad_request', title: 'Bad Request' });
    const browser = await t.app.inject({
      url: '/api/campaigns/2147483000',
      headers: { cookie: owner.cookie },
    });
    expect(browser.headers['content-type']).toMatch(/^application\/json/);
    expect(browser.json()).toEqual({ error: 'not_found', message: 'Campaign not found' });
  });

  it('refuses malformed, unknown, revoked and expired tokens with 401', async () => {
    const expect401 = async (authorization: string, detail: string) => {
      const res = await t.app.inject({
        url: '/api/campaigns',
        headers: { authorization, cookie: owner.cookie },
      });
      expect(res.statusCode, authorization).toBe(401);
      expect(res.json()).toMatchObject({ status: 401, error: 'unauthorized', detail });
    };
    await expect401('Bearer', 'The bearer token is not a Tailor API token');
    await expect401('Bearer not-a-token', 'The bearer token is not a Tailor API token');
    await expect401(`Bearer tlr_${'A'.repeat(43)}`, 'Unknown API token');

    const revoked = await makeApiToken(t, owner.cookie, ['read'], { workspace });
    expect((await t.app.inject({ url: '/api/campaigns', headers: bearer(revoked.secret) })).statusCode).toBe(
      200,
    );
    const revoke = await t.app.inject({
      method: 'DELETE',
      url: `/api/workspace/api-tokens/${revoked.id}`,
      headers: inWorkspace(owner.cookie),
    });
    expect(revoke.statusCode).toBe(200);
    await expect401(`Bearer ${revoked.secret}`, 'This API token was revoked');

    const inAnHour = new Date(t.ctx.clock().getTime() + 3600_000).toISOString();
    const expiring = await makeApiToken(t, owner.cookie, ['read'], { workspace, expiresAt: inAnHour });
    expect((await t.app.inject({ url: '/api/campaigns', headers: bearer(expiring.secret) })).statusCode).toBe(
      200,
    );
    moveClock(3600_000);
    try {
      await expect401(`Bearer ${expiring.secret}`, 'This API token has expired');
    } finally {
      moveClock(0);
    }
    const past = await t.app.inject({
      method: 'POST',
      url: '/api/workspace/api-tokens',
      headers: inWorkspace(owner.cookie),
      payload: { name: 'Too late', scopes: ['read'], expiresAt: '2000-01-01T00:00:00Z' },
    });
    expect(past.statusCode).toBe(400);
  });

  it("stops a removed member's tokens at once, and a demoted maker's at their new role", async () => {
    const leaver = await user(`leaver-${kind}@example.com`);
    await t.ctx.db.insert(memberships).values({ workspaceId: workspace, userId: leaver.id, role: 'sender' });
    const made = await makeApiToken(t, leaver.cookie, ['read', 'write'], { workspace });
    const template = { name: 'T', type: 'template', subjectTemplate: 'Hi', bodyTemplate: 'Hello' };
    const write = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/templates',
        headers: bearer(made.secret),
        payload: template,
      });
    expect((await write()).statusCode).toBe(200);
    const membership = and(eq(memberships.workspaceId, workspace), eq(memberships.userId, leaver.id));
    await t.ctx.db.update(memberships).set({ role: 'viewer' }).where(membership);
    const demoted = await write();
    expect(demoted.statusCode).toBe(403);
    expect(demoted.json()).toMatchObject({ requiredRole: 'sender' });
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/workspace/members/${leaver.id}`,
      headers: inWorkspace(owner.cookie),
    });
    expect(removed.statusCode).toBe(200);
    const after = await t.app.inject({ url: '/api/campaigns', headers: bearer(made.secret) });
    expect(after.statusCode).toBe(401);
    expect(after.json().detail).toContain('no longer a member');
  });

  it('lets owners and senders manage tokens with a session only: a sender their own, an owner all', async () => {
    const viewer = await user(`viewer-${kind}@example.com`);
    await t.ctx.db.insert(memberships).values({ workspaceId: workspace, userId: viewer.id, role: 'viewer' });
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/workspace/api-tokens',
      headers: inWorkspace(viewer.cookie),
      payload: { name: 'Nope', scopes: ['read'] },
    });
    expect(refused.statusCode).toBe(403);
    const ownersToken = await makeApiToken(t, owner.cookie, ['read'], { workspace, name: "Owner's" });
    const sendersToken = await makeApiToken(t, sender.cookie, ['read'], { workspace, name: "Sender's" });
    const listOf = async (cookie: string) =>
      (await t.app.inject({ url: '/api/workspace/api-tokens', headers: inWorkspace(cookie) }))
        .json()
        .map((k: { id: number }) => k.id);
    expect(await listOf(owner.cookie)).toEqual(expect.arrayContaining([ownersToken.id, sendersToken.id]));
    expect(await listOf(sender.cookie)).not.toContain(ownersToken.id);
    const revoke = (cookie: string, id: number) =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/workspace/api-tokens/${id}`,
        headers: inWorkspace(cookie),
      });
    expect((await revoke(sender.cookie, ownersToken.id)).statusCode).toBe(404);
    expect((await revoke(owner.cookie, sendersToken.id)).statusCode).toBe(200);
    expect(await listOf(sender.cookie)).not.toContain(sendersToken.id);
    // A token can never make tokens, whatever its scopes.
    const all = await makeApiToken(t, owner.cookie, ['read', 'write', 'send'], { workspace });
    const minted = await t.app.inject({
      method: 'POST',
      url: '/api/workspace/api-tokens',
      headers: bearer(all.secret),
      payload: { name: 'Minted', scopes: ['read'] },
    });
    expect(minted.statusCode).toBe(403);
  });

  it('records its last use at most once a minute', async () => {
    const made = await makeApiToken(t, owner.cookie, ['read'], { workspace });
    const lastUsed = async () =>
      (await t.ctx.db.select().from(apiTokens).where(eq(apiTokens.id, made.id)))[0]!.lastUsedAt;
    const use = () => t.app.inject({ url: '/api/campaigns', headers: bearer(made.secret) });
    await use();
    const first = await lastUsed();
    expect(first).not.toBeNull();
    moveClock(30_000);
    await use();
    expect(await lastUsed()).toEqual(first);
    moveClock(61_000);
    try {
      await use();
      expect((await lastUsed())!.getTime()).toBeGreaterThanOrEqual(first!.getTime() + 60_000);
    } finally {
      moveClock(0);
    }
  });
});
