import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeAuthorization, type FakeOidc, startFakeOidc } from '../fakes/oidc-provider';
import { startTestApp, type TestApp } from '../support/test-app';
import { createOwnedObjects, type OwnedObjects } from './owned-objects';
import { ID_ROUTES, pathWith, type Route, readRouteTable, routeKey } from './route-table';

const APP = 'http://127.0.0.1:5999';

/** Values that, echoed into a Location header, would send the browser off the app's origin. */
const TARGETS = [
  'https://evil.example',
  '//evil.example',
  '/\\evil.example',
  '\\\\evil.example',
  'javascript:alert(1)',
  '%2F%2Fevil.example',
  'https:evil.example',
  '/%09/evil.example',
  ' //evil.example',
];
/** Every name a redirect target usually travels under. */
const PARAM_NAMES = [
  'returnTo',
  'return_to',
  'next',
  'redirect',
  'redirect_uri',
  'url',
  'continue',
  'to',
  'state',
];

/**
 * Redirects are answered only by the sign-in routes and /api/login, and none takes its target from
 * the request; this proves it for every GET route of the table, whatever query parameters and
 * paths an attacker crafts. Redirects do not depend on the database, so PGlite is enough.
 */
describe('no open redirects', () => {
  let oidc: FakeOidc;
  let t: TestApp;
  let routes: Route[];
  let alice: OwnedObjects;
  beforeAll(async () => {
    oidc = await startFakeOidc({
      google: { clientId: 'g', clientSecret: 'gs', redirectUris: [`${APP}/api/auth/google/callback`] },
      microsoft: { clientId: 'm', clientSecret: 'ms', redirectUris: [`${APP}/api/auth/outlook/callback`] },
    });
    t = await startTestApp('pglite', {
      PUBLIC_URL: APP,
      LOCAL_SIGN_IN: 'true',
      GOOGLE_CLIENT_ID: 'g',
      GOOGLE_CLIENT_SECRET: 'gs',
      GOOGLE_ISSUER: oidc.googleIssuer,
      MICROSOFT_CLIENT_ID: 'm',
      MICROSOFT_CLIENT_SECRET: 'ms',
      MICROSOFT_ISSUER: oidc.microsoftIssuer,
    });
    routes = await readRouteTable(t.ctx);
    alice = await createOwnedObjects(t);
  });
  afterAll(async () => {
    await t.close();
    await oidc.close();
  });

  /** Where a Location may point: the app itself, or the start of sign-in at a configured provider. */
  function checkLocation(location: string | undefined, context: string, failures: string[]) {
    if (location === undefined) return;
    const target = new URL(location, APP);
    if (target.origin === APP) return;
    const providers = [new URL(oidc.googleIssuer).origin, new URL(oidc.microsoftIssuer).origin];
    if (
      providers.includes(target.origin) &&
      target.searchParams.get('redirect_uri')?.startsWith(`${APP}/api/auth/`)
    )
      return;
    failures.push(`${context} → Location ${location}`);
  }

  function concretePaths(route: Route): string[] {
    if (!route.params.length) return [route.url];
    const spec = ID_ROUTES[routeKey(route)];
    if (spec) return [pathWith(route.url, alice.ids[spec.kind][0]!)];
    if (route.params[0] === 'provider') return ['google', 'outlook'].map((p) => pathWith(route.url, p));
    return [pathWith(route.url, 'some-token-value-123')];
  }

  it('never sends a browser off the app through any GET route, whatever the query says', async () => {
    const failures: string[] = [];
    let redirects = 0;
    for (const route of routes.filter((r) => r.method === 'GET')) {
      for (const path of concretePaths(route)) {
        for (const target of TARGETS) {
          const query = new URLSearchParams(PARAM_NAMES.map((name) => [name, target]));
          for (const search of [query.toString(), `error=${encodeURIComponent(target)}&${query}`]) {
            const res = await t.app.inject({ url: `${path}?${search}`, headers: { cookie: alice.cookie } });
            if (res.headers.location !== undefined) redirects++;
            checkLocation(res.headers.location as string | undefined, `GET ${path}?${search}`, failures);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    // The sign-in routes and /api/login did redirect: the check above looked at real Locations.
    expect(redirects).toBeGreaterThan(TARGETS.length * 8);
  });

  it('answers crafted paths without a redirect off the app', async () => {
    const failures: string[] = [];
    for (const path of [
      '//evil.example',
      '//evil.example/',
      '/\\evil.example',
      '/%2F%2Fevil.example',
      '/%5Cevil.example',
      '/api/login/..%2F..%2F%2Fevil.example',
      '/api/auth/google/..%2F..%2F..%2F%2Fevil.example',
      '/api//evil.example',
    ]) {
      const res = await t.app.inject({ url: path });
      checkLocation(res.headers.location as string | undefined, `GET ${path}`, failures);
    }
    expect(failures).toEqual([]);
  });

  it('ends a successful sign-in on the app whatever the callback carries', async () => {
    oidc.setNextUser('google', { sub: 'g-r', email: 'redirect@example.com' });
    const start = await t.app.inject({ url: '/api/auth/google?returnTo=https://evil.example' });
    const flow = start.cookies.find((c) => c.name === 'tailor_oidc')!;
    const callback = await completeAuthorization(start.headers.location as string);
    for (const name of PARAM_NAMES.filter((n) => n !== 'state'))
      callback.searchParams.set(name, '//evil.example');
    const done = await t.app.inject({
      url: callback.pathname + callback.search,
      headers: { cookie: `tailor_oidc=${flow.value}` },
    });
    expect(done.headers.location).toBe('/');
    expect(done.cookies.some((c) => c.name === 'tailor_session' && c.value)).toBe(true);
  });
});
