import type { RouteOptions } from 'fastify';
import { buildApp } from '../../src/server/app';
import type { AppContext } from '../../src/server/context';

export type Route = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  /** Path parameter names, in order (`/api/campaigns/:id` → ['id']). */
  params: string[];
  hasBody: boolean;
  hasQuery: boolean;
};

export const routeKey = (r: Pick<Route, 'method' | 'url'>) => `${r.method} ${r.url}`;
export const isStateChanging = (r: Route) => r.method !== 'GET';

/**
 * Every route the real app registers, read through buildApp's onRoute option on a second app
 * over the same context, so a route added anywhere is in the security suites without editing them.
 * HEAD twins of GET routes are left out: Fastify answers them with the GET handler.
 */
export async function readRouteTable(ctx: AppContext): Promise<Route[]> {
  const routes: Route[] = [];
  const record = (route: RouteOptions) => {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      const schema = route.schema as { body?: unknown; querystring?: unknown } | undefined;
      routes.push({
        method: method as Route['method'],
        url: route.url,
        params: [...(route.url ?? '').matchAll(/:(\w+)/g)].map((m) => m[1]!),
        hasBody: schema?.body !== undefined,
        hasQuery: schema?.querystring !== undefined,
      });
    }
  };
  const app = await buildApp(ctx, { serveClient: false, onRoute: record });
  await app.ready();
  await app.close();
  return routes;
}

/** What an id in a route's path names; the suites give each kind real objects to use. */
export type IdKind =
  | 'campaign'
  | 'template'
  | 'email'
  | 'member'
  | 'invitation'
  | 'mailbox'
  | 'apiToken'
  | 'webhook'
  | 'answer';

export type IdRoute = {
  kind: IdKind;
  /** Valid bodies (each is tried), so a refusal can't be a validation 400 that hides a missing check. */
  bodies?: unknown[];
  /** The route reads multipart/form-data rather than JSON. */
  multipart?: boolean;
};

/**
 * Every route whose path names a user's object. A new route with a path parameter must be added
 * here (or to PUBLIC_PARAM_ROUTES): the suites fail until it is.
 */
export const ID_ROUTES: Record<string, IdRoute> = {
  'GET /api/campaigns/:id': { kind: 'campaign' },
  'PUT /api/campaigns/:id': {
    kind: 'campaign',
    bodies: [{ name: 'Taken over', templateId: null, description: 'x', includeUnsubscribeLink: false }],
  },
  'DELETE /api/campaigns/:id': { kind: 'campaign' },
  'POST /api/campaigns/:id/archive': { kind: 'campaign' },
  'POST /api/campaigns/:id/restore': { kind: 'campaign' },
  'GET /api/campaigns/:id/emails': { kind: 'campaign' },
  'GET /api/campaigns/:id/recipients': { kind: 'campaign' },
  'GET /api/campaigns/:id/daily-stats': { kind: 'campaign' },
  'POST /api/campaigns/:id/upload-csv': { kind: 'campaign', multipart: true },
  'POST /api/campaigns/:id/generate-emails': { kind: 'campaign' },
  'POST /api/campaigns/:id/approve-all': { kind: 'campaign', bodies: [{}, { step: 2 }] },
  'POST /api/campaigns/:id/send-approved': {
    kind: 'campaign',
    bodies: [{}, { scheduledFor: '2099-01-01T09:00:00.000Z' }],
  },
  'GET /api/campaigns/:id/open-stats': { kind: 'campaign' },
  'GET /api/campaigns/:id/opened-emails': { kind: 'campaign' },
  'GET /api/campaigns/:id/unsubscribers': { kind: 'campaign' },
  'GET /api/campaigns/:id/unsubscribers/export': { kind: 'campaign' },
  'GET /api/campaigns/:id/replies': { kind: 'campaign' },
  'GET /api/campaigns/:id/sequence': { kind: 'campaign' },
  'GET /api/campaigns/:id/step-stats': { kind: 'campaign' },
  'POST /api/campaigns/:id/regenerate-step': { kind: 'campaign', bodies: [{ step: 2 }] },
  // The recipient's id is filled with the same number: the campaign is what another user lacks.
  'POST /api/campaigns/:id/recipients/:recipientId/stop': { kind: 'campaign' },
  'POST /api/campaigns/:id/sequence/stop': { kind: 'campaign' },
  'PUT /api/templates/:id': {
    kind: 'template',
    bodies: [
      { name: 'Taken over', type: 'template', subjectTemplate: 'Hi', bodyTemplate: 'Hello {{email}}' },
    ],
  },
  'DELETE /api/templates/:id': { kind: 'template' },
  'POST /api/templates/:id/archive': { kind: 'template' },
  'POST /api/templates/:id/restore': { kind: 'template' },
  'GET /api/templates/:id/active-campaigns': { kind: 'template' },
  'PUT /api/emails/:id': {
    kind: 'email',
    bodies: [
      { subject: 'Taken over', body: '<p>x</p>', isEdited: true },
      { isApproved: false },
      { findingsDismissed: true },
      { scheduledFor: '2099-01-01T09:00:00.000Z' },
      { status: 'draft', scheduledFor: null },
    ],
  },
  'GET /api/emails/:id/events': { kind: 'email' },
  'POST /api/emails/:id/send': { kind: 'email', bodies: [{}, { scheduledFor: '2099-01-01T09:00:00.000Z' }] },
  'POST /api/emails/:id/test': { kind: 'email' },
  'POST /api/emails/:id/resolve': { kind: 'email', bodies: [{ action: 'mark-sent' }, { action: 'resend' }] },
  'GET /api/emails/:id/raw': { kind: 'email' },
  'GET /api/emails/:id/preview': { kind: 'email' },
  'POST /api/emails/:id/preview': { kind: 'email', bodies: [{ subject: 'Taken over', body: '<p>x</p>' }] },
  'PUT /api/workspace/members/:id': { kind: 'member', bodies: [{ role: 'viewer' }, { role: 'owner' }] },
  'DELETE /api/workspace/members/:id': { kind: 'member' },
  'DELETE /api/workspace/invitations/:id': { kind: 'invitation' },
  'DELETE /api/workspace/api-tokens/:id': { kind: 'apiToken' },
  'GET /api/campaigns/:id/mailboxes': { kind: 'campaign' },
  'PUT /api/campaigns/:id/mailboxes': { kind: 'campaign', bodies: [{ mailboxIds: [] }] },
  'PUT /api/mailboxes/:id': {
    kind: 'mailbox',
    bodies: [{ displayName: 'Taken over' }, { dailyLimit: 10, signature: 'x' }, { isDefault: true }],
  },
  'POST /api/mailboxes/:id/resume': { kind: 'mailbox' },
  'DELETE /api/mailboxes/:id': { kind: 'mailbox' },
  'PUT /api/webhooks/:id': { kind: 'webhook', bodies: [{ description: 'Taken over' }, { enabled: false }] },
  'DELETE /api/webhooks/:id': { kind: 'webhook' },
  'POST /api/webhooks/:id/rotate-secret': { kind: 'webhook' },
  'GET /api/inbox/:id/message': { kind: 'answer' },
  'PUT /api/inbox/:id/read': { kind: 'answer', bodies: [{ read: true }, { read: false }] },
  'PUT /api/inbox/:id/category': {
    kind: 'answer',
    bodies: [
      { category: 'interested' },
      { category: 'not-now', notNowUntil: '2099-03-01' },
      { category: null },
    ],
  },
  'PUT /api/inbox/:id/assignee': { kind: 'answer', bodies: [{ userId: null }] },
  'GET /api/inbox/:id/thread': { kind: 'answer' },
  'POST /api/inbox/:id/answer': { kind: 'answer', bodies: [{ body: '<p>Taken over</p>' }] },
  'POST /api/inbox/:id/suggestion': { kind: 'answer' },
  'POST /api/inbox/:id/cancel-answer': { kind: 'answer' },
  'POST /api/inbox/:id/colleague': { kind: 'answer', bodies: [{ address: 'taken@over.example' }] },
  'GET /api/webhooks/:id/deliveries': { kind: 'webhook' },
  // The delivery's id is filled with the same number: the endpoint is what another user lacks.
  'GET /api/webhooks/:id/deliveries/:deliveryId': { kind: 'webhook' },
  'POST /api/webhooks/:id/deliveries/:deliveryId/replay': { kind: 'webhook' },
  'POST /api/webhooks/:id/replay-failed': { kind: 'webhook', bodies: [{ since: '2020-01-01T00:00:00Z' }] },
};

/**
 * Routes with path parameters that name no user's object, with why each may be reached by anyone
 * (or, for a signed-in route, why its parameter reaches nobody else's data).
 */
export const PUBLIC_PARAM_ROUTES: Record<string, string> = {
  'GET /api/auth/:provider':
    'starts sign-in; the parameter is a provider name (google|outlook), not an object',
  'GET /api/auth/:provider/callback': 'the OIDC redirect target; the parameter is a provider name',
  'GET /api/mailboxes/connect/:provider':
    "signed-in only: starts connecting another account as the caller's own mailbox; the parameter is a provider name (google|outlook), not an object",
  'GET /u/:token': "the unsubscribe page in recipients' emails: the unguessable token is the credential",
  'POST /u/:token':
    'RFC 8058 one-click unsubscribe from mail providers: no cookie, the token is the credential',
  'GET /t/o/:token.gif':
    "the open pixel in recipients' emails: public by design, the token is the credential",
  'GET /i/:token':
    'generated editor images shown in sent emails: public by design, the token is the credential',
};

/** Every id route, or a message naming the routes that the tables above do not cover. */
export function idRoutesOf(routes: Route[]): { route: Route; spec: IdRoute }[] {
  const missing = routes
    .filter((r) => r.params.length > 0)
    .map(routeKey)
    .filter((key) => !ID_ROUTES[key] && !PUBLIC_PARAM_ROUTES[key]);
  if (missing.length) {
    throw new Error(
      `Routes with path parameters that the security suites do not cover: ${missing.join(', ')}. ` +
        'Add each to ID_ROUTES in test/security/route-table.ts (its id kind and a valid sample body) ' +
        'or, if it is public by design, to PUBLIC_PARAM_ROUTES with the reason.',
    );
  }
  const withoutBody = routes.filter(
    (r) => ID_ROUTES[routeKey(r)] && r.hasBody && !ID_ROUTES[routeKey(r)]!.bodies,
  );
  if (withoutBody.length) {
    throw new Error(
      `Id routes with a body schema but no sample body: ${withoutBody.map(routeKey).join(', ')}. ` +
        'Add valid sample bodies to their ID_ROUTES entries in test/security/route-table.ts.',
    );
  }
  return routes
    .filter((r) => ID_ROUTES[routeKey(r)])
    .map((route) => ({ route, spec: ID_ROUTES[routeKey(route)]! }));
}

/** The route's path with every parameter set to `id`. */
export const pathWith = (url: string, id: number | string) => url.replace(/:\w+/g, String(id));

/** A multipart body the CSV upload route accepts, built by hand as browsers send it. */
export function csvUpload(csv = 'email,company\nintruder@example.com,Evil Co\n') {
  const boundary = '----tailor-security-boundary';
  const payload =
    `--${boundary}\r\nContent-Disposition: form-data; name="columnMapping"\r\n\r\n{"email":"email"}\r\n` +
    `--${boundary}\r\nContent-Disposition: form-data; name="csvFile"; filename="r.csv"\r\n` +
    `Content-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`;
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}
