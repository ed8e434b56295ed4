import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../src/server/db/schema';
import { completeAuthorization, type FakeOidc, startFakeOidc } from '../fakes/oidc-provider';
import { startTestApp, type TestApp, testDatabases } from '../support/test-app';

describe.each(testDatabases())('sessions, cookies and sign-in boundaries (%s)', (kind) => {
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
    expect(cookie.path).toBe('/');
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
});

/** Cookie attributes come from configuration, not from the database, so one database is enough here. */
describe('cookies in a production configuration', () => {
  const APP = 'https://tailor.example';
  let oidc: FakeOidc;
  let t: TestApp;
  beforeAll(async () => {
    oidc = await startFakeOidc({
      google: { clientId: 'g', clientSecret: 'gs', redirectUris: [`${APP}/api/auth/google/callback`] },
      microsoft: { clientId: 'm', clientSecret: 'ms', redirectUris: [`${APP}/api/auth/outlook/callback`] },
    });
    t = await startTestApp('pglite', {
      NODE_ENV: 'production',
      PUBLIC_URL: APP,
      GOOGLE_CLIENT_ID: 'g',
      GOOGLE_CLIENT_SECRET: 'gs',
      GOOGLE_ISSUER: oidc.googleIssuer,
    });
  });
  afterAll(async () => {
    await t.close();
    await oidc.close();
  });

  it('marks the session and the sign-in flow cookies Secure, httpOnly and SameSite=Lax', async () => {
    oidc.setNextUser('google', { sub: 'g-9', email: 'prod@example.com', given_name: 'Prod' });
    const start = await t.app.inject({ url: '/api/auth/google' });
    expect(start.statusCode).toBe(302);
    const flow = start.cookies.find((c) => c.name === 'tailor_oidc')!;
    expect(flow).toMatchObject({
      httpOnly: true,
      secure: true,
      sameSite: 'Lax',
      path: '/api/auth',
      maxAge: 600,
    });

    const callback = await completeAuthorization(start.headers.location as string);
    const done = await t.app.inject({
      url: callback.pathname + callback.search,
      headers: { cookie: `tailor_oidc=${flow.value}` },
    });
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe('/');
    const session = done.cookies.find((c) => c.name === 'tailor_session')!;
    expect(session).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Lax', path: '/' });
    expect(session.maxAge).toBe(30 * 86_400);
    // The single-use flow cookie is cleared on the same path it was set on.
    const cleared = done.cookies.find((c) => c.name === 'tailor_oidc')!;
    expect(cleared).toMatchObject({ value: '', path: '/api/auth' });

    // Local sign-in does not exist in production, whatever the caller.
    const local = await t.app.inject({ method: 'POST', url: '/api/auth/local', payload: {} });
    expect(local.statusCode).toBe(404);
  });

  it('refuses a sign-in flow cookie that is unsigned or carries a wrong signature', async () => {
    oidc.setNextUser('google', { sub: 'g-10', email: 'forger@example.com' });
    const start = await t.app.inject({ url: '/api/auth/google' });
    const flow = start.cookies.find((c) => c.name === 'tailor_oidc')!;
    const callback = await completeAuthorization(start.headers.location as string);
    const unsigned = flow.value.slice(0, flow.value.lastIndexOf('.'));
    for (const forged of [unsigned, `${unsigned}.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`]) {
      const res = await t.app.inject({
        url: callback.pathname + callback.search,
        headers: { cookie: `tailor_oidc=${forged}` },
      });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/?signin=failed');
      expect(res.cookies.find((c) => c.name === 'tailor_session' && c.value)).toBeUndefined();
    }
    // The genuine cookie for the same authorization still works: the refusals were about the signature.
    const genuine = await t.app.inject({
      url: callback.pathname + callback.search,
      headers: { cookie: `tailor_oidc=${flow.value}` },
    });
    expect(genuine.headers.location).toBe('/');
  });
});
