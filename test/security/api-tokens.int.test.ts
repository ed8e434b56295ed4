import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../src/contract/api';
import {
  API_TOKEN_SCOPES,
  type ApiTokenScope,
  routeTakesTokens,
  scopeNeeded,
} from '../../src/contract/api-tokens';
import type { RouteDef } from '../../src/contract/route';
import { ROLES, type Role, roleAllows, WORKSPACE_HEADER } from '../../src/contract/workspaces';
import { memberships, type WorkspaceId } from '../../src/server/db/schema';
import { bearer, makeApiToken } from '../support/api-tokens';
import { personalWorkspaceOf } from '../support/factories';
import { startTestApp, type TestApp, testDatabases } from '../support/test-app';
import { createOwnedObjects, type OwnedObjects, snapshotOf } from './owned-objects';
import { ID_ROUTES, pathWith, type Route, readRouteTable, routeKey } from './route-table';

function entries(node: object): RouteDef[] {
  if ('method' in node && 'path' in node) return [node as RouteDef];
  return Object.values(node).flatMap((child) => entries(child));
}

const withAccess = entries(api).filter((def) => def.access !== 'public');

/**
 * Routes whose path speaks of sending or scheduling but that send nothing, with why: every other
 * such route must be marked `sends` in the API table, so a token needs the send scope for it.
 */
const NOT_SENDING: Record<string, string> = {
  'POST /api/sender-settings': "saves the sender's name, address and signature: nothing leaves",
  'POST /api/emails/unschedule': 'takes emails out of the schedule: it stops sending, never starts it',
};

/** An id no object has: an allowed call then ends in 404 (or 400 for its body), changing nothing. */
const NO_SUCH_ID = 2_147_483_000;

/** Whether a token of a maker holding `role`, with `scope` alone, may call the route. */
const allowed = (def: RouteDef, role: Role, scope: ApiTokenScope) =>
  routeTakesTokens(def) &&
  (def.access === 'signed-in' || roleAllows(role, def.access as Role)) &&
  scopeNeeded(def) === scope;

/**
 * API tokens against the whole route table: for a maker of every role (owners and senders make
 * tokens; a maker demoted since acts with their current role) and each scope alone, every route
 * answers as its access, its `tokens` flag and its scope say. Refusals are 403 problem details that
 * name the missing role or scope, and change nothing.
 */
describe.each(testDatabases())('API tokens on every route (%s)', (kind) => {
  let t: TestApp;
  let routes: Route[];
  let alice: OwnedObjects;
  let workspace: WorkspaceId;
  const tokens: { role: Role; scope: ApiTokenScope; secret: string }[] = [];

  beforeAll(async () => {
    t = await startTestApp(kind, { API_TOKEN_RATE_LIMIT_PER_MINUTE: '1000000' });
    routes = await readRouteTable(t.ctx);
    alice = await createOwnedObjects(t, 'alice');
    workspace = await personalWorkspaceOf(t.ctx.db, alice.userId);
    for (const role of ROLES) {
      let cookie = alice.cookie;
      let userId = alice.userId;
      if (role !== 'owner') {
        cookie = await t.signIn(`${role}-maker-${kind}@example.com`);
        userId = (await t.app.inject({ url: '/api/auth/user', headers: { cookie } })).json().id;
        // Made as a sender, then demoted: the token must follow the maker's current role.
        await t.ctx.db.insert(memberships).values({ workspaceId: workspace, userId, role: 'sender' });
      }
      for (const scope of API_TOKEN_SCOPES) {
        const made = await makeApiToken(t, cookie, [scope], { workspace });
        tokens.push({ role, scope, secret: made.secret });
      }
      if (role !== 'owner' && role !== 'sender') {
        await t.ctx.db
          .update(memberships)
          .set({ role })
          .where(and(eq(memberships.workspaceId, workspace), eq(memberships.userId, userId)));
      }
    }
  });
  afterAll(() => t.close());

  const call = (def: RouteDef, secret: string, refusal: boolean) => {
    const spec = ID_ROUTES[routeKey({ method: def.method, url: def.path })];
    // A refusal is checked on a real object; an allowed write on none, so it changes nothing.
    const id = def.method === 'GET' || refusal ? (alice.ids[spec?.kind ?? 'campaign'][0] ?? 1) : NO_SUCH_ID;
    return t.app.inject({
      method: def.method,
      url: spec || def.path.includes(':') ? pathWith(def.path, id) : def.path,
      headers: { ...bearer(secret), [WORKSPACE_HEADER]: String(workspace) },
      // An array is no route's body: an allowed call without an id is refused by validation (400).
      ...(def.method === 'GET' ? {} : { payload: refusal ? {} : [] }),
    });
  };

  it('marks every route that sends or schedules email, and no read', () => {
    const unmarked = withAccess
      .filter((def) => def.method !== 'GET' && /send|schedul/i.test(def.path) && !def.sends)
      .map((def) => routeKey({ method: def.method, url: def.path }))
      .filter((key) => !NOT_SENDING[key]);
    expect(unmarked, 'mark each `sends: true` in the API table, or list it in NOT_SENDING').toEqual([]);
    expect(withAccess.filter((def) => def.sends && def.method === 'GET')).toEqual([]);
    expect(withAccess.filter((def) => def.sends).length).toBeGreaterThanOrEqual(5);
    // Every route is in the table this suite walks.
    const table = new Set(entries(api).map((def) => routeKey({ method: def.method, url: def.path })));
    expect(routes.filter((r) => r.url.startsWith('/api/') && !table.has(routeKey(r)))).toEqual([]);
  });

  it('refuses every call a token may not make with a 403 problem naming what it lacks, changing nothing', async () => {
    // A token's use is recorded (last_used_at), and is all that may change.
    const snapshot = async () => {
      const { rows, answers } = await snapshotOf(t, alice, routes);
      const unused = (list: { lastUsedAt?: unknown }[]) => list.map(({ lastUsedAt, ...row }) => row);
      const listed = answers['/api/workspace/api-tokens']!;
      return {
        rows: { ...rows, apiTokens: unused(rows.apiTokens) },
        answers: {
          ...answers,
          '/api/workspace/api-tokens': { ...listed, body: unused(JSON.parse(listed.body)) },
        },
      };
    };
    const before = await snapshot();
    const failures: string[] = [];
    let refusals = 0;
    for (const def of withAccess) {
      for (const token of tokens.filter((k) => !allowed(def, k.role, k.scope))) {
        const res = await call(def, token.secret, true);
        const body = res.json();
        const names = !routeTakesTokens(def)
          ? body.detail?.includes('takes a signed-in session')
          : def.access !== 'signed-in' && !roleAllows(token.role, def.access as Role)
            ? body.requiredRole === def.access && body.detail.includes(`it needs ${def.access}`)
            : body.requiredScope === scopeNeeded(def) && body.detail.includes(`${scopeNeeded(def)} scope`);
        const problem = String(res.headers['content-type']).startsWith('application/problem+json');
        if (res.statusCode !== 403 || !names || !problem || body.status !== 403) {
          failures.push(
            `${token.role}/${token.scope} ${def.method} ${def.path} → ${res.statusCode} ${res.body}`,
          );
        } else refusals++;
      }
    }
    expect(failures).toEqual([]);
    expect(refusals).toBeGreaterThan(500);
    expect(await snapshot()).toEqual(before);
  });

  it('lets every call through that the maker’s role and the scope allow', async () => {
    const failures: string[] = [];
    let passed = 0;
    for (const def of withAccess) {
      for (const token of tokens.filter((k) => allowed(def, k.role, k.scope))) {
        const res = await call(def, token.secret, false);
        if (res.statusCode === 401 || res.statusCode === 403) {
          failures.push(
            `${token.role}/${token.scope} ${def.method} ${def.path} → ${res.statusCode} ${res.body}`,
          );
        } else passed++;
      }
    }
    expect(failures).toEqual([]);
    expect(passed).toBeGreaterThan(100);
  });
});
