import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, testDatabases } from './support/test-app';

describe.each(testDatabases())('local sign-in and session (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  it('answers 401 for the current user when signed out', async () => {
    const res = await t.app.inject({ url: '/api/auth/user' });
    expect(res.statusCode).toBe(401);
  });

  it('signs in a local user, who must accept the terms once', async () => {
    const cookie = await t.signIn('ada@localhost');
    const before = await t.app.inject({ url: '/api/auth/user', headers: { cookie } });
    expect(before.statusCode).toBe(200);
    expect(before.json()).toMatchObject({ email: 'ada@localhost', termsAcceptedAt: null, provider: 'local' });

    const accept = await t.app.inject({ method: 'POST', url: '/api/auth/accept-terms', headers: { cookie } });
    expect(accept.statusCode).toBe(200);
    const after = await t.app.inject({ url: '/api/auth/user', headers: { cookie } });
    expect(after.json().termsAcceptedAt).toBe(accept.json().termsAcceptedAt);
  });

  it('logs out: the old cookie no longer works', async () => {
    const cookie = await t.signIn();
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(out.statusCode).toBe(200);
    const res = await t.app.inject({ url: '/api/auth/user', headers: { cookie } });
    expect(res.statusCode).toBe(401);
  });
});
