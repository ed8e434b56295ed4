import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeAi, startFakeAi } from '../fakes/ai-server';
import { type FakeDns, startFakeDns } from '../fakes/dns-server';
import { startTestApp, type TestApp } from '../support/test-app';
import { createOwnedObjects, type OwnedObjects } from './owned-objects';
import { ID_ROUTES, pathWith, type Route, readRouteTable, routeKey } from './route-table';

/** Fixed, so CI runs the same cases every time; FUZZ_SEED=<n> explores others. fast-check prints the seed of a failure. */
const SEED = Number(process.env.FUZZ_SEED ?? 7_202_607);
const BODY_RUNS = 60;
const QUERY_RUNS = 60;

/** A valid body per JSON route without an id, the starting point of the mutations (id routes' are in ID_ROUTES). */
const VALID_BODIES: Record<string, unknown> = {
  'POST /api/auth/local': { email: 'fuzz@example.com', firstName: 'Fuzz' },
  'POST /api/auth/time-zone': { timeZone: 'Europe/Paris' },
  // Another address than the fuzzing user's: it must stay signed in (the answer is 400, not "Invalid …").
  'DELETE /api/account': { confirmation: 'not-the-account@example.com' },
  'POST /api/sender-settings': { name: 'Fuzz', companyName: 'Fuzz Co', city: 'Paris', zipCode: '75001' },
  'POST /api/check-dns-records': { domain: 'fuzz.example' },
  'POST /api/campaigns': {
    name: 'Fuzz campaign',
    templateId: null,
    description: 'd',
    includeUnsubscribeLink: true,
  },
  'POST /api/automap-columns': { variables: ['email', 'company'], columns: ['Email', 'Company'] },
  'POST /api/templates': {
    name: 'Fuzz',
    type: 'template',
    subjectTemplate: 'Hi',
    bodyTemplate: 'Hello {{email}}',
  },
  'POST /api/templates/generate': { prompt: 'A short hello', variables: ['email'] },
  'POST /api/templates/generate-prompt': { description: 'Friendly', variables: ['email'] },
  'POST /api/templates/generate-email': {
    template: { subjectTemplate: 'Hi', bodyTemplate: 'Hello {{email}}' },
    type: 'template',
    recipientData: { email: 'a@example.com' },
    variables: ['email'],
  },
  'POST /api/templates/preview': {
    subjectTemplate: 'Hi',
    bodyTemplate: 'Hello {{email}}',
    recipientData: { email: 'a@b.c' },
  },
  'POST /api/generate-image': { prompt: 'A lighthouse' },
  'POST /api/emails/unschedule': { ids: [1, 2] },
  'POST /api/emails/reschedule': { ids: [1], scheduledFor: '2099-01-01T10:00:00+01:00' },
  'POST /api/workspaces': { name: 'Fuzz team' },
  'POST /api/workspace/api-tokens': { name: 'Fuzz token', scopes: ['read', 'write'] },
  'POST /api/webhooks': { url: 'https://hooks.example.com/fuzz', eventTypes: ['email.sent'] },
  'PUT /api/webhooks/:id': { description: 'Fuzzed', eventTypes: [], enabled: true },
  'POST /api/webhooks/:id/replay-failed': { since: '2020-01-01T00:00:00Z' },
  // A closed port: the login test is refused at once (422), so mutations explore validation, not networks.
  'POST /api/mailboxes': {
    address: 'fuzz@example.com',
    smtp: { host: '127.0.0.1', port: 1, security: 'none', user: 'fuzz', password: 'pw' },
    imap: null,
  },
  'PUT /api/workspace': { fourEyes: false, keepAnswerDays: 0 },
  'PUT /api/inbox/:id/read': { read: true },
  'PUT /api/inbox/:id/category': { category: 'interested' },
  'PUT /api/inbox/:id/assignee': { userId: null },
  'POST /api/inbox/:id/answer': { body: '<p>Thanks</p>' },
  'POST /api/inbox/:id/colleague': { address: 'colleague@fuzz.example' },
  'POST /api/workspace/invitations': { email: 'fuzz-invitee@example.com', role: 'viewer' },
  'POST /api/invitations/accept': { token: 'x'.repeat(43) },
};

/** Routes whose sample body names a token no one was given: their handler answers 404 to it. */
const UNKNOWN_TOKEN_ROUTES = new Set(['POST /api/invitations/accept']);

/** Routes whose valid call would end the caller's session, so they are fuzzed signed out. */
const SIGNED_OUT = new Set(['POST /api/auth/local']);

/**
 * Targeted variants of each route's valid body, run whatever the seed: values PostgreSQL refuses
 * (U+0000 in text and jsonb, integers beyond int4) and an unknown time zone. Each once made the
 * app answer 500; they stay as regression examples.
 */
function regressionsOf(valid: unknown): { name: string; raw: string }[] {
  const withNul = (value: unknown): unknown => {
    if (typeof value === 'string') return `${value}\u0000`;
    if (Array.isArray(value)) return value.map(withNul);
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [`${k}`, withNul(v)]));
    return value;
  };
  const nulKeys = (value: unknown): unknown =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(
          Object.entries(value).map(([k, v]) => [
            k,
            v && typeof v === 'object' && !Array.isArray(v)
              ? { ...(v as object), 'k\u0000': 'v' }
              : nulKeys(v),
          ]),
        )
      : value;
  const object = (valid ?? {}) as Record<string, unknown>;
  return [
    { name: 'NUL in every string', raw: JSON.stringify(withNul(valid)) },
    { name: 'NUL in nested keys', raw: JSON.stringify(nulKeys(valid)) },
    ...Object.keys(object).flatMap((key) => [
      { name: `${key} beyond int4`, raw: JSON.stringify({ ...object, [key]: 2_147_483_648 }) },
      { name: `${key} an unknown time zone`, raw: JSON.stringify({ ...object, [key]: 'Mars/Olympus_Mons' }) },
    ]),
  ];
}

const SPECIAL_RAW = [
  `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
  `${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}`,
  `{"name":"${'x'.repeat(900_000)}"}`,
  `{"subjectTemplate":"${'é'.repeat(300_000)}"}`,
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '{"name":1e400,"templateId":-0,"days":"NaN"}',
  '{"name":"\\ud800","type":"template"}',
  '{"a":1,"a":2}',
  '{',
  '"just a string"',
  'null',
  '[]',
  '0',
];

const edgeStrings = fc.constantFrom(
  '',
  ' ',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1e309',
  '2147483648',
  '9999999999999999999999',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '__proto__',
  'constructor',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '{{email}}',
  '../../etc/passwd',
  'Mars/Olympus_Mons',
  '2099-01-01T09:00:00.000Z',
  'not-a-date',
);
const leaf = fc.oneof(
  edgeStrings,
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer(),
  fc.constantFrom(2_147_483_648, -2_147_483_649, Number.MAX_SAFE_INTEGER, 1e21, -0, 0.5),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
);
const protoKeys = fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty');
const anyValue = fc.oneof(
  { weight: 3, arbitrary: leaf },
  fc.anything({ maxDepth: 3, maxKeys: 5 }),
  fc.array(leaf, { maxLength: 5 }),
  fc.dictionary(fc.oneof(fc.string({ maxLength: 10 }), protoKeys), leaf, { maxKeys: 4 }),
);

/** The valid body with one to three keys replaced by anything, removed, or added. */
function mutationsOf(valid: unknown) {
  const keys = valid && typeof valid === 'object' ? Object.keys(valid) : [];
  const key = fc.oneof(
    ...(keys.length ? [fc.constantFrom(...keys)] : []),
    protoKeys,
    fc.string({ maxLength: 10 }),
  );
  const change = fc.record({ key, value: anyValue, remove: fc.boolean() });
  return fc.array(change, { minLength: 1, maxLength: 3 }).map((changes) => {
    const body: Record<string, unknown> = structuredClone((valid ?? {}) as Record<string, unknown>);
    for (const { key, value, remove } of changes) {
      if (remove) delete body[key];
      // defineProperty, so `__proto__` becomes an own key that JSON.stringify sends.
      else Object.defineProperty(body, key, { value, enumerable: true, writable: true, configurable: true });
    }
    return JSON.stringify(body);
  });
}

const rawBodies = (valid: unknown) =>
  fc.oneof(
    { weight: 4, arbitrary: mutationsOf(valid) },
    { weight: 2, arbitrary: anyValue.map((v) => JSON.stringify(v) ?? 'null') },
    fc.object({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
    fc.string({ maxLength: 60 }),
    fc.constantFrom(...SPECIAL_RAW),
  );

/** Query strings: known parameters with odd values, unknown ones, and raw (sometimes malformed) text. */
const QUERY_KEYS = ['days', 'campaignId', 'page', 'pageSize', 'sort', 'order', 'opened', 'limit', 'offset'];
const queries = fc.oneof(
  fc
    .dictionary(
      fc.oneof(fc.constantFrom(...QUERY_KEYS), fc.string({ maxLength: 8 })),
      fc.oneof(edgeStrings, fc.string({ maxLength: 20 }), fc.integer().map(String)),
      { maxKeys: 5 },
    )
    .map((q) => new URLSearchParams(q).toString()),
  fc.constantFrom(
    'days=%00',
    'campaignId=%FF%FE',
    'page=1&page=2',
    'limit[]=1',
    'offset=99999999999999999999',
    'sort=__proto__',
  ),
  fc.string({ maxLength: 30 }).map((s) => s.replace(/[#\s]/g, '')),
);

function problemOf(res: {
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
}): string | null {
  if (res.statusCode >= 500) return `status ${res.statusCode}: ${res.body.slice(0, 300)}`;
  if (res.statusCode < 400) return null;
  try {
    const body = JSON.parse(res.body);
    if (typeof body.error === 'string' && typeof body.message === 'string') return null;
  } catch {}
  return `a ${res.statusCode} without the app's JSON error shape: ${res.body.slice(0, 200)}`;
}

/**
 * Property-based fuzzing of every JSON body and every list query in the route table: whatever
 * arrives, the answer is never a 5xx, and a refusal has the app's error shape. It runs on PGlite
 * only: what it hunts (validation gaps, values PostgreSQL refuses) is the same PostgreSQL engine
 * in both, and twice the cases would double the suite's time for nothing new.
 */
describe('fuzzing JSON bodies and query strings (pglite)', () => {
  let ai: FakeAi;
  let dns: FakeDns;
  let t: TestApp;
  let routes: Route[];
  let alice: OwnedObjects;
  beforeAll(async () => {
    ai = await startFakeAi();
    dns = await startFakeDns({ 'fuzz.example': ['v=spf1 -all'] });
    t = await startTestApp('pglite', {
      ...ai.env,
      AI_MAX_RETRIES: '0',
      DNS_SERVERS: dns.server,
      DNS_TIMEOUT_MS: '500',
    });
    routes = await readRouteTable(t.ctx);
    alice = await createOwnedObjects(t);
  });
  afterAll(async () => {
    await t.close();
    await ai.close();
    await dns.close();
  });

  const urlOf = (route: Route) => {
    const spec = ID_ROUTES[routeKey(route)];
    return spec ? pathWith(route.url, alice.ids[spec.kind][0]!) : route.url;
  };
  const validBodyOf = (route: Route) =>
    VALID_BODIES[routeKey(route)] ?? ID_ROUTES[routeKey(route)]?.bodies?.[0];
  const send = (route: Route, payload: string) =>
    t.app.inject({
      method: route.method,
      url: urlOf(route),
      headers: {
        'content-type': 'application/json',
        ...(SIGNED_OUT.has(routeKey(route)) ? {} : { cookie: alice.cookie }),
      },
      payload,
    });

  it('has a valid sample body for every JSON route', () => {
    const jsonRoutes = routes.filter((r) => r.hasBody);
    const missing = jsonRoutes.map(routeKey).filter((key) => !VALID_BODIES[key] && !ID_ROUTES[key]?.bodies);
    expect(missing, 'add a valid body for each to VALID_BODIES in test/security/fuzz.int.test.ts').toEqual(
      [],
    );
    expect(jsonRoutes.length).toBeGreaterThanOrEqual(Object.keys(VALID_BODIES).length);
  });

  it('keeps the regression bodies answered without a 5xx on every JSON route', async () => {
    const failures: string[] = [];
    for (const route of routes.filter((r) => r.hasBody)) {
      for (const { name, raw } of regressionsOf(validBodyOf(route))) {
        const problem = problemOf(await send(route, raw));
        if (problem) failures.push(`${routeKey(route)} (${name}): ${problem}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('never answers a 5xx to any body on any JSON route', async () => {
    const jsonRoutes = routes.filter((r) => r.hasBody);
    for (const route of jsonRoutes) {
      const valid = validBodyOf(route);
      // The unmutated body passes validation and reaches the handler (which may still say 409).
      const ok = await send(route, JSON.stringify(valid));
      const refusedInput = ok.statusCode === 400 && ok.json().message.startsWith('Invalid ');
      const refused = [401, 403, 404].includes(ok.statusCode) && !UNKNOWN_TOKEN_ROUTES.has(routeKey(route));
      expect(refusedInput || refused, `${routeKey(route)}: ${ok.body}`).toBe(false);
      expect(ok.statusCode).toBeLessThan(500);
      await fc.assert(
        fc.asyncProperty(rawBodies(valid), async (raw) => {
          const problem = problemOf(await send(route, raw));
          if (problem) throw new Error(`${routeKey(route)} ${raw.slice(0, 300)} → ${problem}`);
        }),
        { seed: SEED, numRuns: BODY_RUNS },
      );
    }
    // Still signed in: the fuzzing ran as a user all along, not against 401s.
    expect(
      (await t.app.inject({ url: '/api/auth/user', headers: { cookie: alice.cookie } })).statusCode,
    ).toBe(200);
  });

  it('never answers a 5xx to any query string on any GET route that reads one', async () => {
    const listRoutes = routes.filter((r) => r.method === 'GET' && r.hasQuery);
    expect(listRoutes.length).toBeGreaterThanOrEqual(5);
    // Regression examples, whatever the seed: numbers beyond PostgreSQL's integer, NUL, non-UTF-8.
    const failures: string[] = [];
    for (const route of listRoutes) {
      for (const key of QUERY_KEYS) {
        for (const value of ['2147483648', '1e21', '%00', '%C0%80', '-0']) {
          const url = `${urlOf(route)}?${key}=${value}`;
          const problem = problemOf(await t.app.inject({ url, headers: { cookie: alice.cookie } }));
          if (problem) failures.push(`GET ${url} → ${problem}`);
        }
      }
    }
    expect(failures).toEqual([]);
    for (const route of listRoutes) {
      await fc.assert(
        fc.asyncProperty(queries, async (query) => {
          const res = await t.app.inject({
            url: `${urlOf(route)}?${query}`,
            headers: { cookie: alice.cookie },
          });
          const problem = problemOf(res);
          if (problem) throw new Error(`GET ${urlOf(route)}?${query} → ${problem}`);
        }),
        { seed: SEED, numRuns: QUERY_RUNS },
      );
    }
  });

  it('never answers a 5xx to any token on the public links, nor to NUL bytes in an uploaded CSV', async () => {
    const tokenRoutes = routes.filter((r) => r.params.includes('token'));
    expect(tokenRoutes.length).toBeGreaterThanOrEqual(4);
    const tokens = fc.oneof(
      edgeStrings.filter((v) => v !== ''),
      fc.string({ minLength: 1, maxLength: 80 }),
      fc.string({ unit: 'binary', minLength: 1, maxLength: 80 }),
    );
    for (const route of tokenRoutes) {
      await fc.assert(
        fc.asyncProperty(tokens, async (token) => {
          const url = pathWith(route.url, encodeURIComponent(token));
          const res = await t.app.inject({
            method: route.method,
            url,
            payload: route.method === 'POST' ? '' : undefined,
          });
          if (res.statusCode >= 500)
            throw new Error(`${route.method} ${url} → ${res.statusCode} ${res.body.slice(0, 200)}`);
        }),
        { seed: SEED, numRuns: 30 },
      );
    }

    const [campaignId] = alice.ids.campaign;
    for (const [csv, mapping] of [
      ['email,na\u0000me\nnul\u0000@example.com,a\u0000b\n', '{"email":"email"}'],
      ['email\nok@example.com\n', '{"email":"email","x\u0000":"na\u0000me"}'],
    ] as const) {
      const boundary = '----fuzz-boundary';
      const res = await t.app.inject({
        method: 'POST',
        url: pathWith('/api/campaigns/:id/upload-csv', campaignId!),
        headers: { cookie: alice.cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload:
          `--${boundary}\r\nContent-Disposition: form-data; name="columnMapping"\r\n\r\n${mapping}\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="csvFile"; filename="r.csv"\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
      });
      expect(problemOf(res), res.body).toBeNull();
    }
  });
});
