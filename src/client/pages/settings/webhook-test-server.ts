import { vi } from 'vitest';
import type { z } from 'zod';
import {
  createWebhookEndpointBody,
  type WebhookEndpointView,
  type webhookDeliveryDetail,
} from '../../../contract/webhooks';
import type { Role } from '../../../contract/workspaces';
import type { WebhookDeliveryView } from './webhook-deliveries-table';

/** Fake webhook endpoints and deliveries for the client tests of the Webhooks card, its log and banner. */

export const SECRET = `whsec_${'a'.repeat(43)}`;
export const ROTATED_SECRET = `whsec_${'b'.repeat(43)}`;
export const OFF_MESSAGE = 'Turn the endpoint on first: a turned-off endpoint receives nothing';

export const testEndpoint = (changes: Partial<WebhookEndpointView> = {}): WebhookEndpointView => ({
  id: 1,
  url: 'https://hooks.example.com/tailor',
  description: 'CRM sync',
  eventTypes: [],
  enabled: true,
  disabledReason: null,
  previousSecretUntil: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  pending: 0,
  failedThisWeek: 0,
  lastAttempt: null,
  ...changes,
});

export const testDelivery = (changes: Partial<WebhookDeliveryView> = {}): WebhookDeliveryView => ({
  id: 1,
  messageId: 'msg_1',
  eventType: 'email.sent',
  occurredAt: '2026-03-05T09:30:00.000Z',
  state: 'delivered',
  attempts: 1,
  nextAttemptAt: null,
  lastStatus: 200,
  lastError: null,
  deliveredAt: '2026-03-05T09:30:01.000Z',
  ...changes,
});

type Detail = z.infer<typeof webhookDeliveryDetail>;
export type Call = { method: string; url: string; body?: Record<string, unknown> };

/**
 * Stubs `fetch` with a server holding `endpoints` (of endpoint 1: `deliveries`), answering as the
 * real one does: a refused body is a 400 naming its fields, a replay to a turned-off endpoint 409.
 */
export function stubWebhookServer({
  endpoints = [testEndpoint()],
  deliveries = [],
  role = 'owner',
}: {
  endpoints?: WebhookEndpointView[];
  deliveries?: WebhookDeliveryView[];
  role?: Role;
} = {}) {
  const calls: Call[] = [];
  let list = [...endpoints];
  let log = [...deliveries];
  const refuse = (status: number, message: string) =>
    Response.json({ error: status === 409 ? 'conflict' : 'bad_request', message }, { status });
  const endpointAt = (id: number) => list.find((e) => e.id === id);
  const replay = (ids: number[]) => {
    log = log.map((d) => (ids.includes(d.id) ? { ...d, state: 'pending', attempts: 0 } : d));
    return Response.json({ replayed: ids.length });
  };

  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push(body === undefined ? { method, url } : { method, url, body });
      const { pathname, searchParams } = new URL(url, 'http://tailor.test');
      const route = `${method} ${pathname.replace(/\/\d+/g, '/:id')}`;
      const [id = 0, deliveryId = 0] = [...pathname.matchAll(/\/(\d+)/g)].map((m) => Number(m[1]));

      if (route === 'GET /api/workspaces')
        return Response.json([{ id: 1, name: 'Acme', role, fourEyes: false, keepAnswerDays: 0 }]);
      if (route === 'GET /api/webhooks') return Response.json(list);
      if (route === 'POST /api/webhooks') {
        const parsed = createWebhookEndpointBody.safeParse(body);
        if (!parsed.success) {
          const details = parsed.error.issues.map((i) => `body.${i.path.join('.')}: ${i.message}`).join('; ');
          return refuse(400, `Invalid body: ${details}`);
        }
        const endpoint = testEndpoint({ id: 9, ...parsed.data });
        list = [...list, endpoint];
        return Response.json({ endpoint, secret: SECRET });
      }
      if (route === 'PUT /api/webhooks/:id') {
        const changed = { ...endpointAt(id)!, ...body };
        if (body.enabled !== undefined) changed.disabledReason = null;
        list = list.map((e) => (e.id === id ? changed : e));
        return Response.json(changed);
      }
      if (route === 'DELETE /api/webhooks/:id') {
        list = list.filter((e) => e.id !== id);
        return Response.json({ ok: true });
      }
      if (route === 'POST /api/webhooks/:id/rotate-secret') {
        const rotated = { ...endpointAt(id)!, previousSecretUntil: '2026-03-06T10:00:00.000Z' };
        list = list.map((e) => (e.id === id ? rotated : e));
        return Response.json({ endpoint: rotated, secret: ROTATED_SECRET });
      }
      if (route === 'GET /api/webhooks/:id/deliveries') {
        const state = searchParams.get('state');
        const before = Number(searchParams.get('before') ?? Number.POSITIVE_INFINITY);
        const limit = Number(searchParams.get('limit') ?? 50);
        const items = log
          .filter((d) => (!state || d.state === state) && d.id < before)
          .sort((a, b) => b.id - a.id)
          .slice(0, limit);
        const last = items.at(-1);
        return Response.json({ items, nextBefore: items.length === limit && last ? last.id : null });
      }
      if (route === 'GET /api/webhooks/:id/deliveries/:id') {
        const delivery = log.find((d) => d.id === deliveryId)!;
        const detail: Detail = {
          ...delivery,
          payload: { type: delivery.eventType, timestamp: delivery.occurredAt, data: { campaignId: 4 } },
          log: [
            {
              at: '2026-03-05T09:30:01.000Z',
              status: null,
              error: 'Timed out after 15 s',
              responseExcerpt: '',
              durationMs: 15000,
            },
            {
              at: '2026-03-05T09:35:01.000Z',
              status: 200,
              error: null,
              responseExcerpt: '{"ok":true}',
              durationMs: 84,
            },
          ],
        };
        return Response.json(detail);
      }
      if (route === 'POST /api/webhooks/:id/deliveries/:id/replay') {
        if (!endpointAt(id)?.enabled) return refuse(409, OFF_MESSAGE);
        return replay([deliveryId]);
      }
      if (route === 'POST /api/webhooks/:id/replay-failed') {
        if (!endpointAt(id)?.enabled) return refuse(409, OFF_MESSAGE);
        const since = Date.parse(body.since);
        const until = body.until ? Date.parse(body.until) : Date.now();
        const picked = log.filter((d) => {
          const at = Date.parse(d.occurredAt);
          return d.state === 'failed' && at >= since && at < until;
        });
        return replay(picked.map((d) => d.id));
      }
      return new Response('Not here', { status: 404, statusText: 'Not Found' });
    }),
  );
  return calls;
}
