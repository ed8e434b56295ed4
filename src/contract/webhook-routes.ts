import { z } from 'zod';
import { okReply } from './auth';
import { idParams } from './common';
import { route } from './route';
import {
  createWebhookEndpointBody,
  deliveriesPage,
  deliveriesQuery,
  deliveryParams,
  replayFailedBody,
  replayReply,
  updateWebhookEndpointBody,
  webhookDeliveryDetail,
  webhookEndpoint,
  webhookSecretReply,
} from './webhooks';

/**
 * A workspace's webhook endpoints (`api.webhooks`, api.ts) and their delivery logs. Owners manage
 * them: an endpoint receives the whole workspace's events. An API token of an owner may too (with
 * `write`), so an automation tool can register its own endpoint.
 */
export const webhookRoutes = {
  list: route({ method: 'GET', path: '/api/webhooks', access: 'owner', reply: z.array(webhookEndpoint) }),
  create: route({
    method: 'POST',
    path: '/api/webhooks',
    idempotencyKey: true,
    access: 'owner',
    body: createWebhookEndpointBody,
    reply: webhookSecretReply,
  }),
  update: route({
    method: 'PUT',
    path: '/api/webhooks/:id',
    access: 'owner',
    params: idParams,
    body: updateWebhookEndpointBody,
    reply: webhookEndpoint,
  }),
  remove: route({
    method: 'DELETE',
    path: '/api/webhooks/:id',
    access: 'owner',
    params: idParams,
    reply: okReply,
  }),
  /** A new secret; the old one keeps signing beside it for 24 hours. */
  rotateSecret: route({
    method: 'POST',
    path: '/api/webhooks/:id/rotate-secret',
    idempotencyKey: true,
    access: 'owner',
    params: idParams,
    reply: webhookSecretReply,
  }),
  deliveries: route({
    method: 'GET',
    path: '/api/webhooks/:id/deliveries',
    access: 'owner',
    params: idParams,
    query: deliveriesQuery,
    reply: deliveriesPage,
  }),
  delivery: route({
    method: 'GET',
    path: '/api/webhooks/:id/deliveries/:deliveryId',
    access: 'owner',
    params: deliveryParams,
    reply: webhookDeliveryDetail,
  }),
  /** Sends one delivery again now, under its own `webhook-id`. */
  replay: route({
    method: 'POST',
    path: '/api/webhooks/:id/deliveries/:deliveryId/replay',
    access: 'owner',
    params: deliveryParams,
    idempotencyKey: true,
    reply: replayReply,
  }),
  /** Sends again every delivery given up between `since` and `until` (now when absent). */
  replayFailed: route({
    method: 'POST',
    path: '/api/webhooks/:id/replay-failed',
    access: 'owner',
    params: idParams,
    body: replayFailedBody,
    idempotencyKey: true,
    reply: replayReply,
  }),
} as const;
