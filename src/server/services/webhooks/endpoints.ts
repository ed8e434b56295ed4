import type { z } from 'zod';
import type {
  createWebhookEndpointBody,
  deliveriesQuery,
  replayFailedBody,
  updateWebhookEndpointBody,
  WebhookEndpointView,
} from '../../../contract/webhooks';
import type { TokenCipher } from '../../auth/token-cipher';
import type { Db } from '../../db/client';
import type { WorkspaceId } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { parkDeliveries } from '../../queries/webhook-deliveries';
import {
  deleteEndpoint,
  findDelivery,
  findEndpoint,
  insertEndpoint,
  listDeliveries,
  listEndpoints,
  replayDeliveries,
  updateEndpoint,
} from '../../queries/webhook-endpoints';
import { newWebhookSecret } from './signature';

/** How long a replaced secret keeps signing beside the new one. */
const ROTATION_OVERLAP_MS = 24 * 3600_000;

const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

export async function webhookEndpointsOf(db: Db, workspaceId: WorkspaceId, now: Date) {
  const rows = await listEndpoints(db, workspaceId, now);
  return rows.map(
    (row): WebhookEndpointView => ({
      id: row.id,
      url: row.url,
      description: row.description,
      eventTypes: row.eventTypes as WebhookEndpointView['eventTypes'],
      enabled: row.enabled,
      disabledReason: row.disabledReason,
      previousSecretUntil: isoOrNull(row.previousSecretUntil),
      createdAt: iso(row.createdAt),
      pending: row.pending,
      failedThisWeek: row.failedThisWeek,
      lastAttempt: row.lastAt ? { at: iso(row.lastAt), status: row.lastStatus, error: row.lastError } : null,
    }),
  );
}

async function endpointView(db: Db, workspaceId: WorkspaceId, id: number, now: Date) {
  const view = (await webhookEndpointsOf(db, workspaceId, now)).find((e) => e.id === id);
  if (!view) throw notFound('Webhook endpoint');
  return view;
}

/** A new endpoint; the answer holds its secret, shown this once (it is kept encrypted, to sign with). */
export async function createWebhookEndpoint(
  db: Db,
  tokens: TokenCipher,
  member: { workspaceId: WorkspaceId; userId: number },
  body: z.output<typeof createWebhookEndpointBody>,
  now: Date,
) {
  const secret = newWebhookSecret();
  const id = await insertEndpoint(db, {
    workspaceId: member.workspaceId,
    url: body.url,
    description: body.description,
    eventTypes: body.eventTypes,
    secretEnc: tokens.encrypt(secret),
    createdBy: member.userId,
  });
  return { endpoint: await endpointView(db, member.workspaceId, id, now), secret };
}

/** Turning an endpoint back on clears why it was turned off; its waiting deliveries go out again. */
export async function changeWebhookEndpoint(
  db: Db,
  workspaceId: WorkspaceId,
  id: number,
  body: z.output<typeof updateWebhookEndpointBody>,
  now: Date,
) {
  const changed = await updateEndpoint(db, workspaceId, id, {
    ...body,
    ...(body.enabled !== undefined ? { disabledReason: null } : {}),
  });
  if (!changed) throw notFound('Webhook endpoint');
  if (body.enabled !== undefined) await parkDeliveries(db, [id], body.enabled ? now : null);
  return endpointView(db, workspaceId, id, now);
}

export async function removeWebhookEndpoint(db: Db, workspaceId: WorkspaceId, id: number) {
  if (!(await deleteEndpoint(db, workspaceId, id))) throw notFound('Webhook endpoint');
}

/**
 * A new secret signs from now on; the one it replaces signs beside it for 24 hours, so a receiver
 * can be switched over without refusing a delivery. A second rotation within those hours ends the
 * first one's overlap.
 */
export async function rotateWebhookSecret(
  db: Db,
  tokens: TokenCipher,
  workspaceId: WorkspaceId,
  id: number,
  now: Date,
) {
  const endpoint = await findEndpoint(db, workspaceId, id);
  if (!endpoint) throw notFound('Webhook endpoint');
  const secret = newWebhookSecret();
  await updateEndpoint(db, workspaceId, id, {
    secretEnc: tokens.encrypt(secret),
    previousSecretEnc: endpoint.secretEnc,
    previousSecretUntil: new Date(now.getTime() + ROTATION_OVERLAP_MS),
  });
  return { endpoint: await endpointView(db, workspaceId, id, now), secret };
}

async function ownEndpoint(db: Db, workspaceId: WorkspaceId, id: number) {
  const endpoint = await findEndpoint(db, workspaceId, id);
  if (!endpoint) throw notFound('Webhook endpoint');
  return endpoint;
}

type DeliveryRow = Awaited<ReturnType<typeof listDeliveries>>[number];

const deliveryView = (row: DeliveryRow) => ({
  ...row,
  occurredAt: iso(row.occurredAt),
  nextAttemptAt: row.state === 'pending' ? iso(row.nextAttemptAt) : null,
  deliveredAt: isoOrNull(row.deliveredAt),
});

export async function webhookDeliveriesOf(
  db: Db,
  workspaceId: WorkspaceId,
  endpointId: number,
  query: z.output<typeof deliveriesQuery>,
) {
  await ownEndpoint(db, workspaceId, endpointId);
  const rows = await listDeliveries(db, endpointId, query);
  const last = rows.at(-1);
  return {
    items: rows.map(deliveryView),
    nextBefore: rows.length === query.limit && last ? last.id : null,
  };
}

export async function webhookDeliveryOf(
  db: Db,
  workspaceId: WorkspaceId,
  endpointId: number,
  deliveryId: number,
) {
  await ownEndpoint(db, workspaceId, endpointId);
  const row = await findDelivery(db, endpointId, deliveryId);
  if (!row) throw notFound('Delivery');
  const { data, log, ...delivery } = row;
  return {
    ...deliveryView(delivery),
    payload: { type: row.eventType, timestamp: iso(row.occurredAt), data },
    log: log.map((a) => ({ ...a, at: iso(a.at) })),
  };
}

/** Replays need the endpoint on: a turned-off one would only hold them. */
async function replayable(db: Db, workspaceId: WorkspaceId, endpointId: number) {
  const endpoint = await ownEndpoint(db, workspaceId, endpointId);
  if (!endpoint.enabled)
    throw new AppError('conflict', 'Turn the endpoint on first: a turned-off endpoint receives nothing');
}

export async function replayWebhookDelivery(
  db: Db,
  workspaceId: WorkspaceId,
  endpointId: number,
  deliveryId: number,
  now: Date,
) {
  await replayable(db, workspaceId, endpointId);
  if (!(await findDelivery(db, endpointId, deliveryId))) throw notFound('Delivery');
  return { replayed: await replayDeliveries(db, endpointId, now, { deliveryId }) };
}

export async function replayFailedWebhooks(
  db: Db,
  workspaceId: WorkspaceId,
  endpointId: number,
  body: z.output<typeof replayFailedBody>,
  now: Date,
) {
  await replayable(db, workspaceId, endpointId);
  const until = body.until ? new Date(body.until) : now;
  return { replayed: await replayDeliveries(db, endpointId, now, { since: new Date(body.since), until }) };
}
