import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailboxes, oauthAccounts, sessions, users } from '../src/server/db/schema';
import { completeAuthorization, type FakeOidc, startFakeOidc } from './fakes/oidc-provider';
import { startTestApp, type TestApp, testDatabases } from './support/test-app';

const APP = 'http://127.0.0.1:5999';

describe.each(testDatabases())(
  'sign-in with Google and Microsoft through a real OIDC provider (%s)',
  (kind) => {
    let oidc: FakeOidc;
    let t: TestApp;
    beforeAll(async () => {
      oidc = await startFakeOidc({
        google: {
          clientId: 'g-client',
          clientSecret: 'g-secret',
          redirectUris: [`${APP}/api/auth/google/callback`],
        },
        microsoft: {
          clientId: 'm-client',
          clientSecret: 'm-secret',
          redirectUris: [`${APP}/api/auth/outlook/callback`],
        },
      });
      t = await startTestApp(kind, {
        PUBLIC_URL: APP,
        GOOGLE_CLIENT_ID: 'g-client',
        GOOGLE_CLIENT_SECRET: 'g-secret',
        GOOGLE_ISSUER: oidc.googleIssuer,
        MICROSOFT_CLIENT_ID: 'm-client',
        MICROSOFT_CLIENT_SECRET: 'm-secret',
        MICROSOFT_ISSUER: oidc.microsoftIssuer,
      });
    });
    afterAll(async () => {
      await t.close();
      await oidc.close();
    });

    /** Starts sign-in at the app, walks the provider like a browser, and returns the callback URL and flow cookie. */
    async function authorize(path: 'google' | 'outlook') {
      const start = await t.app.inject({ url: `/api/auth/${path}` });
      expect(start.statusCode).toBe(302);
      const flow = start.cookies.find((c) => c.name === 'tailor_oidc')!;
      expect(flow.httpOnly).toBe(true);
      const callback = await completeAuthorization(start.headers.location as string);
      return { callback, flowCookie: `tailor_oidc=${flow.value}` };
    }

    async function callback(url: URL, flowCookie?: string) {
      return t.app.inject({
        url: url.pathname + url.search,
        headers: flowCookie ? { cookie: flowCookie } : {},
      });
    }

    const sessionCookie = (res: { cookies: { name: string; value: string }[] }) =>
      res.cookies.find((c) => c.name === 'tailor_session' && c.value);

    for (const [path, provider, person] of [
      [
        'google',
        'google',
        {
          sub: 'g-1',
          email: 'Grace@Example.com',
          given_name: 'Grace',
          family_name: 'Hopper',
          picture: 'https://img.example/grace.png',
        },
      ],
      ['outlook', 'microsoft', { sub: 'm-1', email: 'alan@example.org', name: 'Alan Mathison Turing' }],
    ] as const) {
      it(`${provider}: authorize → callback creates the user, a session and encrypted tokens`, async () => {
        oidc.setNextUser(provider, person);
        const { callback: url, flowCookie } = await authorize(path);
        expect(url.origin + url.pathname).toBe(`${APP}/api/auth/${path}/callback`);
        const res = await callback(url, flowCookie);
        expect(res.statusCode).toBe(302);
        expect(res.headers.location).toBe('/');
        const cookie = sessionCookie(res)!;
        expect(cookie).toBeDefined();

        const me = await t.app.inject({
          url: '/api/auth/user',
          headers: { cookie: `tailor_session=${cookie.value}` },
        });
        expect(me.json()).toMatchObject({
          email: person.email.toLowerCase(),
          provider,
          termsAcceptedAt: null,
          ...(provider === 'google'
            ? { firstName: 'Grace', lastName: 'Hopper', profileImageUrl: 'https://img.example/grace.png' }
            : { firstName: 'Alan', lastName: 'Mathison Turing', profileImageUrl: null }),
        });

        const [account] = await t.ctx.db
          .select()
          .from(oauthAccounts)
          .where(eq(oauthAccounts.userId, me.json().id));
        expect(account!.provider).toBe(provider);
        expect(account!.accessTokenEnc).toMatch(/^v1\./);
        expect(account!.refreshTokenEnc).toMatch(/^v1\./);
        const access = t.ctx.tokens.decrypt(account!.accessTokenEnc!);
        const refresh = t.ctx.tokens.decrypt(account!.refreshTokenEnc!);
        expect(access.length).toBeGreaterThan(10);
        // The plain tokens appear nowhere in the row.
        expect(JSON.stringify(account)).not.toContain(access);
        expect(JSON.stringify(account)).not.toContain(refresh);
      });
    }

    it('signing in again updates the same user instead of creating another', async () => {
      oidc.setNextUser('google', {
        sub: 'g-repeat',
        email: 'repeat@example.com',
        given_name: 'Old',
        family_name: 'Name',
      });
      const first = await authorize('google');
      await callback(first.callback, first.flowCookie);
      oidc.setNextUser('google', {
        sub: 'g-repeat',
        email: 'repeat@example.com',
        given_name: 'New',
        family_name: 'Name',
      });
      const second = await authorize('google');
      await callback(second.callback, second.flowCookie);
      const rows = await t.ctx.db.select().from(users).where(eq(users.email, 'repeat@example.com'));
      expect(rows).toHaveLength(1);
      expect(rows[0]!.firstName).toBe('New');
    });

    it('a wrong state ends on the landing page with no session', async () => {
      oidc.setNextUser('google', { sub: 'g-state', email: 'state@example.com' });
      const { callback: url, flowCookie } = await authorize('google');
      url.searchParams.set('state', 'forged-state');
      const before = await t.ctx.db.select().from(sessions);
      const res = await callback(url, flowCookie);
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/?signin=failed');
      expect(sessionCookie(res)).toBeUndefined();
      expect(await t.ctx.db.select().from(sessions)).toHaveLength(before.length);
    });

    it('a replayed code ends on the landing page with no session', async () => {
      oidc.setNextUser('microsoft', { sub: 'm-replay', email: 'replay@example.org' });
      const { callback: url, flowCookie } = await authorize('outlook');
      const first = await callback(url, flowCookie);
      expect(sessionCookie(first)).toBeDefined();
      const before = await t.ctx.db.select().from(sessions);
      // Replayed with the flow cookie (an attacker who captured both) and without it.
      for (const cookie of [flowCookie, undefined]) {
        const replay = await callback(url, cookie);
        expect(replay.headers.location).toBe('/?signin=failed');
        expect(sessionCookie(replay)).toBeUndefined();
      }
      expect(await t.ctx.db.select().from(sessions)).toHaveLength(before.length);
    });

    it('a denied consent ends on the landing page with no session', async () => {
      oidc.denyNext('google');
      const { callback: url, flowCookie } = await authorize('google');
      expect(url.searchParams.get('error')).toBe('access_denied');
      const res = await callback(url, flowCookie);
      expect(res.headers.location).toBe('/?signin=denied');
      expect(sessionCookie(res)).toBeUndefined();
    });

    it('a callback with a tampered flow cookie is refused', async () => {
      oidc.setNextUser('google', { sub: 'g-tamper', email: 'tamper@example.com' });
      const { callback: url } = await authorize('google');
      const forged = `tailor_oidc=${encodeURIComponent(JSON.stringify({ provider: 'google', verifier: 'x', state: url.searchParams.get('state'), nonce: 'n' }))}`;
      const res = await callback(url, forged);
      expect(res.headers.location).toBe('/?signin=failed');
      expect(sessionCookie(res)).toBeUndefined();
    });

    it('/api/login sends people to the configured provider', async () => {
      const res = await t.app.inject({ url: '/api/login' });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/api/auth/google');
    });

    it('refresh-token renews a provider token that is about to expire, and flags a revoked one', async () => {
      oidc.setNextUser('google', { sub: 'g-refresh', email: 'refresh@example.com' });
      const { callback: url, flowCookie } = await authorize('google');
      const cookie = `tailor_session=${sessionCookie(await callback(url, flowCookie))!.value}`;
      const me = (await t.app.inject({ url: '/api/auth/user', headers: { cookie } })).json();
      const [before] = await t.ctx.db.select().from(oauthAccounts).where(eq(oauthAccounts.userId, me.id));
      await t.ctx.db
        .update(oauthAccounts)
        .set({ accessTokenExpiresAt: new Date(Date.now() + 60_000) })
        .where(eq(oauthAccounts.id, before!.id));

      const res = await t.app.inject({ method: 'POST', url: '/api/auth/refresh-token', headers: { cookie } });
      expect(res.json()).toEqual({ ok: true });
      const [after] = await t.ctx.db.select().from(oauthAccounts).where(eq(oauthAccounts.id, before!.id));
      expect(t.ctx.tokens.decrypt(after!.accessTokenEnc!)).not.toBe(
        t.ctx.tokens.decrypt(before!.accessTokenEnc!),
      );
      expect(after!.accessTokenExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 30 * 60_000);

      oidc.revokeAllRefreshTokens('google');
      await t.ctx.db
        .update(oauthAccounts)
        .set({ accessTokenExpiresAt: new Date() })
        .where(eq(oauthAccounts.id, before!.id));
      const again = await t.app.inject({
        method: 'POST',
        url: '/api/auth/refresh-token',
        headers: { cookie },
      });
      expect(again.statusCode).toBe(200);
      const [flagged] = await t.ctx.db.select().from(mailboxes).where(eq(mailboxes.userId, me.id));
      expect(flagged!.needsReauthAt).not.toBeNull();
    });
  },
);
