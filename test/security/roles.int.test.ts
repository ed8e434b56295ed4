import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../src/contract/api';
import type { RouteDef } from '../../src/contract/route';
import { ROLES, type Role, roleAllows, WORKSPACE_HEADER } from '../../src/contract/workspaces';
import { memberships, type WorkspaceId } from '../../src/server/db/schema';
import { personalWorkspaceOf } from '../support/factories';
import { startTestApp, type TestApp, testDatabases } from '../support/test-app';
import { createOwnedObjects, type OwnedObjects, snapshotOf } from './owned-objects';
import { ID_ROUTES, pathWith, type Route, readRouteTable, routeKey } from './route-table';

function entries(node: object): RouteDef[] {
  if ('method' in node && 'path' in node) return [node as RouteDef];
  return Object.values(node).flatMap((child) => entries(child));
}

/** Every route that works in a workspace, with the role it needs (the API table says which). */
const roleRoutes = entries(api).filter((def): def is RouteDef & { access: Role } =>
  (ROLES as readonly string[]).includes(def.access),
);

/**
 * Roles, from the route table: a member whose role is below what a route needs is refused with a
 * 403 that names the role, before anything is read or written; a person who is not a member of the
 * workspace a call names gets a 404, as for any id that is not theirs; and a removed member is
 * refused on their very next request.
 */
describe.each(testDatabases())('roles in a workspace (%s)', (kind) => {
  let t: TestApp;
  let routes: Route[];
  let alice: OwnedObjects;
  let workspace: WorkspaceId;
  const cookies = {} as Record<Exclude<Role, 'owner'>, string>;
  const userIds = {} as Record<Exclude<Role, 'owner'>, number>;

  const call = (def: RouteDef, cookie: string, workspaceId: number = workspace) => {
    const spec = ID_ROUTES[routeKey({ method: def.method, url: def.path })];
    const url = spec ? pathWith(def.path, alice.ids[spec.kind][0]!) : def.path;
    return t.app.inject({
      method: def.method,
      url,
      headers: { cookie, [WORKSPACE_HEADER]: String(workspaceId) },
      ...(def.method === 'GET' ? {} : { payload: {} }),
    });
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    routes = await readRouteTable(t.ctx);
    alice = await createOwnedObjects(t, 'alice');
    workspace = await personalWorkspaceOf(t.ctx.db, alice.userId);
    for (const role of ['viewer', 'reviewer', 'sender'] as const) {
      cookies[role] = await t.signIn(`${role}-${kind}@example.com`);
      const me = await t.app.inject({ url: '/api/auth/user', headers: { cookie: cookies[role] } });
      userIds[role] = me.json().id;
      await t.ctx.db.insert(memberships).values({ workspaceId: workspace, userId: userIds[role], role });
    }
  });
  afterAll(() => t.close());

  it('covers every route that needs a role, for each role below it', () => {
    expect(roleRoutes.length).toBeGreaterThan(50);
    for (const role of ROLES.slice(1)) expect(roleRoutes.some((def) => def.access === role)).toBe(true);
    // Every registered /api route is an entry of the table (test/api-table), so none escapes this.
    const table = new Set(entries(api).map((def) => routeKey({ method: def.method, url: def.path })));
    expect(routes.filter((r) => r.url.startsWith('/api/') && !table.has(routeKey(r)))).toEqual([]);
  });

  it('refuses every role below what a route needs with a 403 naming it, changing nothing', async () => {
    const before = await snapshotOf(t, alice, routes);
    const failures: string[] = [];
    let refusals = 0;
    for (const def of roleRoutes) {
      // Only the roles below: a role allowed to change things would change them.
      for (const role of (['viewer', 'reviewer', 'sender'] as const).filter(
        (r) => !roleAllows(r, def.access),
      )) {
        const res = await call(def, cookies[role]);
        const refused = res.statusCode === 403 && res.json().message.includes(`it needs ${def.access}`);
        if (!refused)
          failures.push(`${role} ${def.method} ${def.path} → ${res.statusCode} ${res.body.slice(0, 160)}`);
        else refusals++;
      }
    }
    expect(failures).toEqual([]);
    expect(refusals).toBeGreaterThan(40);
    expect(await snapshotOf(t, alice, routes)).toEqual(before);
  });

  it("lets a viewer read the workspace's campaigns, and its owner do everything", async () => {
    const [campaignId] = alice.ids.campaign;
    const asViewer = await call(api.campaigns.get, cookies.viewer);
    expect(asViewer.statusCode).toBe(200);
    expect(asViewer.json()).toMatchObject({ id: campaignId });
    // Reads change nothing, so every role may try each: none is refused a read its role allows.
    for (const def of roleRoutes.filter((d) => d.method === 'GET')) {
      for (const role of ['viewer', 'reviewer', 'sender'] as const) {
        if (!roleAllows(role, def.access)) continue;
        const res = await call(def, cookies[role]);
        expect(res.statusCode, `${role} ${def.method} ${def.path}`).not.toBe(403);
      }
      const res = await call(def, alice.cookie);
      expect(res.statusCode, `owner ${def.method} ${def.path}`).not.toBe(403);
    }
  });

  it('answers 404 on every route to a person who is not a member of the workspace named', async () => {
    const outsider = await t.signIn(`outsider-${kind}@example.com`);
    const own = await t.app.inject({ url: '/api/campaigns', headers: { cookie: outsider } });
    expect(own.statusCode).toBe(200);
    for (const def of roleRoutes) {
      const res = await call(def, outsider);
      expect(`${def.method} ${def.path} ${res.statusCode}`).toBe(`${def.method} ${def.path} 404`);
      for (const marker of alice.markers) expect(res.body).not.toContain(marker);
    }
    const malformed = await call(api.campaigns.list, outsider, 0);
    expect(malformed.statusCode).toBe(400);
  });

  it('refuses a removed member on their next request, and keeps the campaigns they made', async () => {
    const made = await call(api.campaigns.create, cookies.sender);
    // An empty name is refused by the rules, not by the role: the sender may make campaigns.
    expect(made.statusCode).toBe(400);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/campaigns',
      headers: { cookie: cookies.sender, [WORKSPACE_HEADER]: String(workspace) },
      payload: { name: 'Made by the sender', templateId: null },
    });
    expect(created.statusCode).toBe(200);
    expect((await call(api.campaigns.list, cookies.sender)).statusCode).toBe(200);
    await t.ctx.db
      .delete(memberships)
      .where(and(eq(memberships.workspaceId, workspace), eq(memberships.userId, userIds.sender)));
    expect((await call(api.campaigns.list, cookies.sender)).statusCode).toBe(404);
    const left = await call(api.campaigns.list, alice.cookie);
    expect(left.json().map((c: { name: string }) => c.name)).toContain('Made by the sender');
  });
});
