import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../src/server/db/schema';
import { startTestApp, type TestApp, testDatabases } from './support/test-app';

describe.each(testDatabases())('security boundaries (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  it("never shows or changes another user's settings", async () => {
    const alice = await t.signIn('alice@example.com');
    const bob = await t.signIn('bob@example.com');
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/sender-settings',
      headers: { cookie: alice },
      payload: { name: 'Alice A', companyName: 'Alice Co', city: 'Paris' },
    });
    expect(saved.statusCode).toBe(200);

    const bobsView = await t.app.inject({ url: '/api/sender-settings', headers: { cookie: bob } });
    expect(bobsView.json()).toMatchObject({ email: 'bob@example.com', companyName: null, city: null });

    // Bob saving (even naming Alice's address) only ever writes his own row.
    await t.app.inject({
      method: 'POST',
      url: '/api/sender-settings',
      headers: { cookie: bob },
      payload: { email: 'alice@example.com', companyName: 'Bob Ltd' },
    });
    const alicesView = await t.app.inject({ url: '/api/sender-settings', headers: { cookie: alice } });
    expect(alicesView.json()).toMatchObject({
      email: 'alice@example.com',
      companyName: 'Alice Co',
      city: 'Paris',
    });
    const bobAgain = await t.app.inject({ url: '/api/sender-settings', headers: { cookie: bob } });
    expect(bobAgain.json()).toMatchObject({ email: 'bob@example.com', companyName: 'Bob Ltd' });
  });

  it('refuses state-changing requests from a foreign origin', async () => {
    const cookie = await t.signIn();
    for (const headers of [
      { origin: 'https://evil.example' },
      { referer: 'https://evil.example/page' },
      { 'sec-fetch-site': 'cross-site' },
      { origin: 'null' },
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/sender-settings',
        headers: { cookie, ...headers },
        payload: { companyName: 'Hijacked' },
      });
      expect(res.statusCode).toBe(403);
    }
    const settings = await t.app.inject({ url: '/api/sender-settings', headers: { cookie } });
    expect(settings.json().companyName).toBeNull();

    const sameOrigin = await t.app.inject({
      method: 'POST',
      url: '/api/sender-settings',
      headers: { cookie, origin: 'http://127.0.0.1:5999' },
      payload: { companyName: 'Mine' },
    });
    expect(sameOrigin.statusCode).toBe(200);
  });

  it('treats an idle-expired or absolutely expired session as signed out and deletes it', async () => {
    for (const column of ['idleExpiresAt', 'absoluteExpiresAt'] as const) {
      const cookie = await t.signIn();
      const me = await t.app.inject({ url: '/api/auth/user', headers: { cookie } });
      expect(me.statusCode).toBe(200);
      await t.ctx.db
        .update(sessions)
        .set({ [column]: new Date(Date.now() - 1000) })
        .where(eq(sessions.userId, me.json().id));
      const res = await t.app.inject({ url: '/api/dashboard/stats', headers: { cookie } });
      expect(res.statusCode).toBe(401);
      expect(res.headers['set-cookie']).toMatch(/tailor_session=;/);
      const left = await t.ctx.db.select().from(sessions).where(eq(sessions.userId, me.json().id));
      expect(left).toHaveLength(0);
    }
  });

  it('stores only a hash of the session token', async () => {
    const cookie = await t.signIn();
    const token = cookie.split('=')[1]!;
    const rows = await t.ctx.db.select({ id: sessions.id }).from(sessions);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.id === token)).toBe(false);
  });

  it('sets httpOnly, SameSite=Lax session cookies (Secure only over https or in production)', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/local', payload: {} });
    const cookie = res.cookies.find((c) => c.name === 'tailor_session')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.secure).toBeFalsy();
  });

  it('offers local sign-in only to loopback callers that did not come through a proxy', async () => {
    const proxied = await t.app.inject({
      method: 'POST',
      url: '/api/auth/local',
      headers: { 'x-forwarded-for': '203.0.113.9' },
      payload: {},
    });
    expect(proxied.statusCode).toBe(404);
    const remote = await t.app.inject({
      method: 'POST',
      url: '/api/auth/local',
      remoteAddress: '203.0.113.9',
      payload: {},
    });
    expect(remote.statusCode).toBe(404);
    const config = await t.app.inject({ url: '/api/public-config', remoteAddress: '203.0.113.9' });
    expect(config.json().signIn.local).toBe(false);
  });
});

describe('sign-in settings', () => {
  it('disables local sign-in in production and when a provider is configured', async () => {
    for (const env of <Record<string, string>[]>[
      { NODE_ENV: 'production', PUBLIC_URL: 'https://tailor.example' },
      { GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' },
    ]) {
      const t = await startTestApp('pglite', env);
      try {
        const res = await t.app.inject({ method: 'POST', url: '/api/auth/local', payload: {} });
        expect(res.statusCode).toBe(404);
      } finally {
        await t.close();
      }
    }
  });

  it('rate-limits sign-in attempts', async () => {
    const t = await startTestApp('pglite', { AUTH_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const codes = [];
      for (let i = 0; i < 5; i++)
        codes.push((await t.app.inject({ method: 'POST', url: '/api/auth/local', payload: {} })).statusCode);
      expect(codes).toEqual([200, 200, 200, 429, 429]);
    } finally {
      await t.close();
    }
  });
});
