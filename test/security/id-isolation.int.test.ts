import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaigns } from '../../src/server/db/schema';
import { startTestApp, type TestApp, testDatabases } from '../support/test-app';
import { createOwnedObjects, type OwnedObjects, snapshotOf } from './owned-objects';
import {
  csvUpload,
  ID_ROUTES,
  idRoutesOf,
  pathWith,
  type Route,
  readRouteTable,
  routeKey,
} from './route-table';

/**
 * Every route that names an object by id, generated from the app's route table: another user's
 * id is a 404 that shows none of the owner's data and changes nothing.
 */
describe.each(testDatabases())("another user's ids (%s)", (kind) => {
  let t: TestApp;
  let routes: Route[];
  let alice: OwnedObjects;
  let bob: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    routes = await readRouteTable(t.ctx);
    alice = await createOwnedObjects(t, 'alice');
    // Bob owns objects too, so a query that forgot its owner filter has rows of his to confuse.
    bob = (await createOwnedObjects(t, 'bob')).cookie;
  });
  afterAll(() => t.close());

  it('covers every route with a path parameter (new ones must be added to the table)', () => {
    const covered = idRoutesOf(routes);
    // Every table entry names a real route: a renamed route can't leave a stale entry behind.
    expect(covered.map(({ route }) => routeKey(route)).sort()).toEqual(Object.keys(ID_ROUTES).sort());
    for (const kind of ['campaign', 'template', 'email'] as const) {
      expect(covered.some((c) => c.spec.kind === kind)).toBe(true);
    }
  });

  it("answers 404 to every id route called with another user's ids, showing and changing nothing", async () => {
    const before = await snapshotOf(t, alice, routes);
    // The owner's own reads work: the 404s below are about ownership, not broken routes.
    const ownReads = Object.values(before.answers).filter((a) => a.status === 200);
    expect(ownReads.length).toBeGreaterThan(20);

    const failures: string[] = [];
    let calls = 0;
    for (const { route, spec } of idRoutesOf(routes)) {
      for (const id of alice.ids[spec.kind]) {
        for (const body of spec.bodies ?? [undefined]) {
          const url = pathWith(route.url, id);
          const upload = spec.multipart ? csvUpload() : null;
          const res = await t.app.inject({
            method: route.method,
            url,
            headers: { cookie: bob, ...(upload ? { 'content-type': upload.contentType } : {}) },
            ...(upload ? { payload: upload.payload } : body !== undefined ? { payload: body as object } : {}),
          });
          calls++;
          const leaked = alice.markers.filter((m) => res.body.includes(m));
          if (res.statusCode !== 404 || leaked.length) {
            failures.push(
              `${route.method} ${url} ${JSON.stringify(body) ?? ''} → ${res.statusCode} ${res.body.slice(0, 200)}`,
            );
          } else {
            expect(res.json()).toMatchObject({ error: 'not_found' });
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(calls).toBeGreaterThan(60);
    expect(await snapshotOf(t, alice, routes)).toEqual(before);
  });

  it("does not let ids in bodies and query strings reach another user's objects", async () => {
    const before = await snapshotOf(t, alice, routes);
    const [campaignId] = alice.ids.campaign;
    const [templateId] = alice.ids.template;

    // A campaign may not be tied to someone else's template, neither when made nor when edited.
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/campaigns',
      headers: { cookie: bob },
      payload: { name: 'Borrowed template', templateId },
    });
    expect(created.statusCode).toBe(404);
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/campaigns',
      headers: { cookie: bob },
      payload: { name: 'Own', templateId: null },
    });
    expect(own.statusCode).toBe(200);
    const edited = await t.app.inject({
      method: 'PUT',
      url: pathWith('/api/campaigns/:id', own.json().id),
      headers: { cookie: bob },
      payload: { name: 'Own', templateId },
    });
    expect(edited.statusCode).toBe(404);
    const [bobs] = await t.ctx.db.select().from(campaigns).where(eq(campaigns.id, own.json().id));
    expect(bobs!.templateId).toBeNull();

    // Analytics filtered to someone else's campaign show nothing of it.
    const daily = await t.app.inject({
      url: `/api/analytics/daily?days=7&campaignId=${campaignId}`,
      headers: { cookie: bob },
    });
    const sentEmails = await t.app.inject({
      url: `/api/analytics/sent-emails?campaignId=${campaignId}`,
      headers: { cookie: bob },
    });
    for (const res of [daily, sentEmails]) {
      expect([200, 404]).toContain(res.statusCode);
      for (const marker of alice.markers) expect(res.body).not.toContain(marker);
    }
    if (daily.statusCode === 200) {
      const days = daily.json().days as { sent: number; opened: number }[];
      expect(days.every((d) => d.sent === 0 && d.opened === 0)).toBe(true);
    }
    if (sentEmails.statusCode === 200) expect(sentEmails.json()).toMatchObject({ items: [], total: 0 });

    expect(await snapshotOf(t, alice, routes)).toEqual(before);
  });
});
