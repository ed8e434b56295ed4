import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { WebhookDeliveryState } from '../../contract/webhooks';
import { type Db, selectRows } from '../db/client';
import { type WorkspaceId, webhookDeliveries, webhookEndpoints, webhookEvents } from '../db/schema';

/** An endpoint with what its row in Settings shows: deliveries waiting, given up this week, the last attempt. */
export async function listEndpoints(db: Db, workspaceId: WorkspaceId, now: Date) {
  return selectRows<{
    id: number;
    url: string;
    description: string;
    eventTypes: string[];
    enabled: boolean;
    disabledReason: string | null;
    previousSecretUntil: Date | string | null;
    createdAt: Date | string;
    pending: number;
    failedThisWeek: number;
    lastAt: Date | string | null;
    lastStatus: number | null;
    lastError: string | null;
  }>(
    db,
    sql`
    select p.id, p.url, p.description, p.event_types as "eventTypes", p.enabled, p.disabled_reason as "disabledReason",
           case when p.previous_secret_until > ${now.toISOString()}::timestamptz then p.previous_secret_until end
             as "previousSecretUntil",
           p.created_at as "createdAt",
           (select count(*)::int from ${webhookDeliveries} d where d.endpoint_id = p.id and d.state = 'pending') as pending,
           (select count(*)::int from ${webhookDeliveries} d where d.endpoint_id = p.id and d.state = 'failed'
              and d.created_at > ${now.toISOString()}::timestamptz - interval '7 days') as "failedThisWeek",
           a.attempted_at as "lastAt", a.status as "lastStatus", a.error as "lastError"
    from ${webhookEndpoints} p
    left join lateral (
      select (d.log->-1->>'at')::timestamptz as attempted_at, (d.log->-1->>'status')::int as status,
             d.log->-1->>'error' as error
      from ${webhookDeliveries} d
      where d.endpoint_id = p.id and jsonb_array_length(d.log) > 0
      order by d.id desc limit 1
    ) a on true
    where p.workspace_id = ${workspaceId}::integer
    order by p.id`,
  );
}

export type EndpointRow = typeof webhookEndpoints.$inferSelect;

export async function findEndpoint(
  db: Db,
  workspaceId: WorkspaceId,
  id: number,
): Promise<EndpointRow | null> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.workspaceId, workspaceId), eq(webhookEndpoints.id, id)));
  return row ?? null;
}

export async function insertEndpoint(db: Db, values: typeof webhookEndpoints.$inferInsert) {
  const [row] = await db.insert(webhookEndpoints).values(values).returning({ id: webhookEndpoints.id });
  return row?.id ?? 0;
}

/** Changes an endpoint of the workspace; false when it has no such endpoint. */
export async function updateEndpoint(
  db: Db,
  workspaceId: WorkspaceId,
  id: number,
  values: Partial<typeof webhookEndpoints.$inferInsert>,
) {
  const rows = await db
    .update(webhookEndpoints)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(webhookEndpoints.workspaceId, workspaceId), eq(webhookEndpoints.id, id)))
    .returning({ id: webhookEndpoints.id });
  return rows.length > 0;
}

/** Removes an endpoint with its deliveries and their log; false when the workspace has no such endpoint. */
export async function deleteEndpoint(db: Db, workspaceId: WorkspaceId, id: number) {
  const rows = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.workspaceId, workspaceId), eq(webhookEndpoints.id, id)))
    .returning({ id: webhookEndpoints.id });
  return rows.length > 0;
}

const deliveryColumns = {
  id: webhookDeliveries.id,
  messageId: webhookDeliveries.messageId,
  eventType: webhookEvents.type,
  occurredAt: webhookEvents.occurredAt,
  state: webhookDeliveries.state,
  attempts: webhookDeliveries.attempts,
  nextAttemptAt: webhookDeliveries.nextAttemptAt,
  lastStatus: webhookDeliveries.lastStatus,
  lastError: webhookDeliveries.lastError,
  deliveredAt: webhookDeliveries.deliveredAt,
};

/** An endpoint's deliveries, newest first, a page before `before` (the caller checked the endpoint is the workspace's). */
export async function listDeliveries(
  db: Db,
  endpointId: number,
  page: { state?: WebhookDeliveryState; before?: number; limit: number },
) {
  return db
    .select(deliveryColumns)
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(
      and(
        eq(webhookDeliveries.endpointId, endpointId),
        page.state ? eq(webhookDeliveries.state, page.state) : undefined,
        page.before ? lt(webhookDeliveries.id, page.before) : undefined,
      ),
    )
    .orderBy(desc(webhookDeliveries.id))
    .limit(page.limit);
}

/** One delivery of the endpoint with its body's parts and the log of its attempts, or null. */
export async function findDelivery(db: Db, endpointId: number, deliveryId: number) {
  const [row] = await db
    .select({ ...deliveryColumns, data: webhookEvents.data, log: webhookDeliveries.log })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.id, deliveryId)));
  return row ?? null;
}

/**
 * Makes deliveries of the endpoint due now with a fresh schedule of retries, keeping their
 * `webhook-id`: one (`deliveryId`), or those given up whose event happened in [since, until).
 * One in flight is left alone. Returns how many.
 */
export async function replayDeliveries(
  db: Db,
  endpointId: number,
  now: Date,
  which: { deliveryId: number } | { since: Date; until: Date },
) {
  const picked =
    'deliveryId' in which
      ? sql`d.id = ${which.deliveryId}::bigint`
      : sql`d.state = 'failed' and e.occurred_at >= ${which.since.toISOString()}::timestamptz
              and e.occurred_at < ${which.until.toISOString()}::timestamptz`;
  const rows = await selectRows<{ id: number }>(
    db,
    sql`
    update ${webhookDeliveries} d
    set state = 'pending', attempts = 0, next_attempt_at = ${now.toISOString()}::timestamptz, delivered_at = null
    from ${webhookEvents} e
    where e.id = d.event_id and d.endpoint_id = ${endpointId}::integer and not d.in_flight and ${picked}
    returning d.id`,
  );
  return rows.length;
}
