import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, testDatabases } from '../support/test-app';
import { createOwnedObjects, type OwnedObjects, snapshotOf } from './owned-objects';
import {
  csvUpload,
  ID_ROUTES,
  isStateChanging,
  pathWith,
  type Route,
  readRouteTable,
  routeKey,
} from './route-table';

/** State-changing routes that must accept cross-site requests, with why. */
const CROSS_SITE_ALLOWED: Record<string, string> = {
  'POST /u/:token':
    'RFC 8058 one-click unsubscribe: mail providers POST it from their own servers, without cookie or Origin',
};

const FOREIGN: Record<string, Record<string, string>> = {
  'foreign Origin': { origin: 'https://evil.example' },
  'same host name, other port': { origin: 'http://127.0.0.1:6000' },
  'opaque Origin': { origin: 'null' },
  'foreign Referer, no Origin': { referer: 'https://evil.example/page' },
  'Sec-Fetch-Site cross-site, no Origin': { 'sec-fetch-site': 'cross-site' },
};

/** `/%61pi/…` reaches the same handlers as `/api/…`; a check on the raw URL would miss it. */
const encodedPath = (url: string) => url.replace(/^\/a/, '/%61');

describe.each(testDatabases())('cross-site request forgery (%s)', (kind) => {
  let t: TestApp;
  let routes: Route[];
  let alice: OwnedObjects;
  beforeAll(async () => {
    t = await startTestApp(kind);
    routes = await readRouteTable(t.ctx);
    alice = await createOwnedObjects(t);
  });
  afterAll(() => t.close());

  it('refuses every state-changing route from another site and changes nothing', async () => {
    const changing = routes.filter(isStateChanging);
    const unexplained = changing
      .map(routeKey)
      .filter((key) => !CROSS_SITE_ALLOWED[key] && !key.includes(' /api/'));
    // The CSRF check covers /api/; a state-changing route elsewhere needs a deliberate exemption.
    expect(unexplained, 'state-changing routes outside /api/ need an entry in CROSS_SITE_ALLOWED').toEqual(
      [],
    );

    const before = await snapshotOf(t, alice, routes);
    const failures: string[] = [];
    let checked = 0;
    for (const route of changing) {
      if (CROSS_SITE_ALLOWED[routeKey(route)]) continue;
      const spec = ID_ROUTES[routeKey(route)];
      // The victim's own objects, so without the check each call would have worked.
      const url = spec ? pathWith(route.url, alice.ids[spec.kind][0]!) : route.url;
      const upload = spec?.multipart ? csvUpload() : null;
      for (const [name, headers] of Object.entries(FOREIGN)) {
        for (const path of [url, encodedPath(url)]) {
          const res = await t.app.inject({
            method: route.method,
            url: path,
            headers: {
              cookie: alice.cookie,
              ...headers,
              ...(upload ? { 'content-type': upload.contentType } : {}),
            },
            ...(upload ? { payload: upload.payload } : { payload: spec?.bodies?.[0] ?? {} }),
          });
          checked++;
          if (res.statusCode !== 403 || res.json().message !== 'Cross-site request refused') {
            failures.push(`${route.method} ${path} (${name}) → ${res.statusCode} ${res.body.slice(0, 150)}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(200);
    expect(await snapshotOf(t, alice, routes)).toEqual(before);
  });

  it('accepts the same requests from the app itself and from non-browser clients', async () => {
    for (const headers of [
      { origin: 'http://127.0.0.1:5999' },
      { referer: 'http://127.0.0.1:5999/settings' },
      { 'sec-fetch-site': 'same-origin' },
      {},
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/sender-settings',
        headers: { cookie: alice.cookie, ...headers },
        payload: { city: 'Lyon' },
      });
      expect(res.statusCode).toBe(200);
    }
  });

  it('lets mail providers post one-click unsubscribes from anywhere', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/u/not-a-real-token-0000',
      headers: { origin: 'https://mail.provider.example', 'sec-fetch-site': 'cross-site' },
      payload: 'List-Unsubscribe=One-Click',
    });
    // An unknown token is a 404 page, not a CSRF refusal.
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/text\/html/);
  });
});
