import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../src/contract/api';
import type { RouteDef } from '../src/contract/route';
import { readRouteTable, routeKey } from './security/route-table';
import { startTestApp, type TestApp } from './support/test-app';

function entries(node: object): RouteDef[] {
  if ('method' in node && 'path' in node) return [node as RouteDef];
  return Object.values(node).flatMap((child) => entries(child));
}

// Route registration does not depend on the database, so the embedded one is enough.
describe('the server registers the API table', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite');
  });
  afterAll(() => t?.close());

  it('every entry at its method and path', () => {
    const missing = entries(api).filter(
      (def) => !t.app.hasRoute({ method: def.method as HTTPMethods, url: def.path }),
    );
    expect(missing.map((def) => `${def.method} ${def.path}`)).toEqual([]);
  });

  it('and no /api route beside them', async () => {
    const inTable = new Set(entries(api).map((def) => routeKey({ method: def.method, url: def.path })));
    const registered = (await readRouteTable(t.ctx)).filter((route) => route.url.startsWith('/api/'));
    expect(registered.length).toBeGreaterThan(50);
    expect(registered.map(routeKey).filter((key) => !inTable.has(key))).toEqual([]);
  });

  it('with its schemas: a bad id is refused before any handler runs', async () => {
    const cookie = await t.signIn();
    const res = await t.app.inject({ url: '/api/campaigns/abc/emails', headers: { cookie } });
    expect(res.statusCode).toBe(400);
  });
});
