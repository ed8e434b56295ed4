import { validate } from '@readme/openapi-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRouteTable, routeKey } from './security/route-table';
import { startTestApp, type TestApp, testDatabases } from './support/test-app';

/**
 * Routes outside /api, which the document leaves out on purpose: they are links in recipients'
 * emails and probes for operators, not calls of the API. A new one must be added here, or to the
 * API table (src/contract/api.ts) so that it is in the document.
 */
const OUTSIDE_THE_API: Record<string, string> = {
  'GET /healthz': 'liveness probe (docs/operations.md)',
  'GET /readyz': 'readiness probe (docs/operations.md)',
  'GET /metrics': 'Prometheus metrics (docs/operations.md)',
  'GET /t/o/:token.gif': "the open pixel in recipients' emails",
  'GET /u/:token': "the unsubscribe page in recipients' emails",
  'POST /u/:token': 'RFC 8058 one-click unsubscribe from mail providers',
  'GET /i/:token': 'generated editor images shown in sent emails',
};

describe.each(testDatabases())('the OpenAPI document and its reference page (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ url });

  it('is served to anyone as a valid OpenAPI 3.1 document', async () => {
    const res = await get('/api/openapi.json');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    const result = await validate(structuredClone(doc));
    expect(result, JSON.stringify(result)).toMatchObject({ valid: true, warnings: [] });
    // The validator does catch a broken document: a parameter in no valid place, a path
    // parameter that is not declared.
    const misplaced = structuredClone(doc);
    misplaced.paths['/api/campaigns/{id}'].get.parameters[0].in = 'body';
    expect((await validate(misplaced)).valid).toBe(false);
    const undeclared = structuredClone(doc);
    undeclared.paths['/api/campaigns/{id}'].get.parameters.shift();
    expect((await validate(undeclared)).valid).toBe(false);
  });

  it('has an operation for every route of the API the app registers, and for nothing else', async () => {
    const doc = (await get('/api/openapi.json')).json();
    const documented = Object.entries(doc.paths as Record<string, object>).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    const routes = (await readRouteTable(t.ctx)).map(routeKey);
    const api = routes.filter((key) => key.split(' ')[1]!.startsWith('/api/'));
    expect(documented.sort()).toEqual([...new Set(api)].sort());
    expect(routes.filter((key) => !api.includes(key)).sort()).toEqual(Object.keys(OUTSIDE_THE_API).sort());
  });

  it('renders the reference page for people from the same document, with no script', async () => {
    const res = await get('/api/reference');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    // Nothing loaded from elsewhere: the deployment may be offline.
    expect(res.body).not.toMatch(/<script|<link|https?:\/\/(?!example\.com)[^"<\s]*\.(js|css)/);
    const doc = (await get('/api/openapi.json')).json();
    for (const item of Object.values(doc.paths as Record<string, Record<string, { operationId: string }>>)) {
      for (const op of Object.values(item)) expect(res.body).toContain(`id="op-${op.operationId}"`);
    }
    expect(res.body).toContain('id="op-webhook.email.bounced"');
    expect(res.body).toContain('<a href="#schema-Campaign">');
  });
});
