import { param, sql } from 'drizzle-orm';
import type { WebhookDeliveryState } from '../../contract/webhooks';
import { columnArrays, type Db, selectRows } from '../db/client';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '../db/schema';

/** A delivery a worker has claimed: what it needs to sign and POST it. */
export type ClaimedDelivery = {
  id: number;
  messageId: string;
  /** This attempt's number (1 for the first); the settlement must carry it back. */
  attempt: number;
  endpointId: number;
  url: string;
  secretEnc: string;
  /** The secret replaced last, while it still signs beside the new one. */
  previousSecretEnc: string | null;
  type: string;
  data: unknown;
  occurredAt: string;
};

/**
 * Claims up to `limit` due deliveries of enabled endpoints, oldest due first: counts the attempt
 * and moves each one's next attempt to `leaseUntil`, so a delivery whose worker dies mid-POST is
 * due again then, and other workers skip it meanwhile (and skip rows another is claiming now).
 */
export async function claimDueDeliveries(db: Db, now: Date, leaseUntil: Date, limit: number) {
  return db.transaction(async (tx) => {
    // Read the due index in order and stop at the limit. The planner would otherwise do so only
    // when its figures say the table is big: the embedded database has no autovacuum to update
    // them, and with a backlog of 100,000 a bitmap of every due row, sorted, at every look costs
    // far more than the look.
    await tx.execute(sql`set local enable_bitmapscan = off`);
    await tx.execute(sql`set local enable_seqscan = off`);
    return selectRows<ClaimedDelivery>(
      tx,
      sql`
      update ${webhookDeliveries} d
      set attempts = d.attempts + 1, in_flight = true, next_attempt_at = ${leaseUntil.toISOString()}::timestamptz
      from (select c.id from ${webhookDeliveries} c
             where c.state = 'pending' and c.next_attempt_at <= ${now.toISOString()}::timestamptz
               -- A per-row check, not a join, so the scan stays in the index's order. A turned-off
               -- endpoint's deliveries are parked out of the way (due never).
               and (select p.enabled from ${webhookEndpoints} p where p.id = c.endpoint_id)
             order by c.next_attempt_at
             limit ${limit}::integer
             for update of c skip locked) due,
           ${webhookEvents} e, ${webhookEndpoints} p
      where d.id = due.id and e.id = d.event_id and p.id = d.endpoint_id
      returning d.id::int as id, d.message_id as "messageId", d.attempts::int as attempt,
                p.id as "endpointId", p.url, p.secret_enc as "secretEnc",
                case when p.previous_secret_until > ${now.toISOString()}::timestamptz
                     then p.previous_secret_enc end as "previousSecretEnc",
                e.type, e.data, e.occurred_at as "occurredAt"`,
    );
  });
}

/** How one attempt ended and what follows: delivered, another try at `nextAttemptAt`, or given up. */
export type Settlement = {
  id: number;
  attempt: number;
  state: WebhookDeliveryState;
  nextAttemptAt: Date | null;
  attemptedAt: Date;
  status: number | null;
  error: string | null;
  responseExcerpt: string;
  durationMs: number;
};

/**
 * Records many attempts in one statement, each on its delivery with its line in the delivery's
 * log, unless the claim was lost meanwhile (its lease ran out and another worker took it: that
 * one records it).
 */
export async function settleDeliveries(db: Db, settled: Settlement[]) {
  if (settled.length === 0) return;
  const column = columnArrays(settled);
  const at = (dates: (Date | null)[]) => param(dates.map((d) => d?.toISOString() ?? null));
  await db.execute(sql`
    update ${webhookDeliveries} d
    set state = r.state, in_flight = false, next_attempt_at = coalesce(r.next_at, d.next_attempt_at),
        last_status = r.status, last_error = r.error,
        delivered_at = case when r.state = 'delivered' then r.attempted_at end,
        log = d.log || jsonb_build_array(jsonb_build_object(
          'at', r.attempted_at, 'status', r.status, 'error', r.error,
          'responseExcerpt', r.excerpt, 'durationMs', r.duration_ms))
    from unnest(${column('id')}::bigint[], ${column('attempt')}::integer[], ${column('state')}::text[],
                ${at(settled.map((s) => s.nextAttemptAt))}::timestamptz[],
                ${at(settled.map((s) => s.attemptedAt))}::timestamptz[],
                ${column('status')}::integer[], ${column('error')}::text[],
                ${column('responseExcerpt')}::text[], ${column('durationMs')}::integer[])
      as r(id, attempt, state, next_at, attempted_at, status, error, excerpt, duration_ms)
    where d.id = r.id and d.attempts = r.attempt and d.state = 'pending'`);
}

/** Turns endpoints off that said they are gone (410), with the reason shown to the workspace's owners. */
export async function disableEndpoints(db: Db, endpointIds: number[], reason: string) {
  if (endpointIds.length === 0) return;
  await db.execute(sql`
    update ${webhookEndpoints} set enabled = false, disabled_reason = ${reason}::text, updated_at = now()
    where id = any(${param(endpointIds)}::integer[]) and enabled`);
  await parkDeliveries(db, endpointIds, null);
}

/**
 * A turned-off endpoint's waiting deliveries are parked (due never), so the workers' look for due
 * deliveries does not wade through them; turned on again, they are due at `dueAt`.
 */
export async function parkDeliveries(db: Db, endpointIds: number[], dueAt: Date | null) {
  await db.execute(sql`
    update ${webhookDeliveries}
    set next_attempt_at = ${dueAt ? sql`${dueAt.toISOString()}::timestamptz` : sql`'infinity'::timestamptz`}
    where endpoint_id = any(${param(endpointIds)}::integer[]) and state = 'pending' and not in_flight
      and next_attempt_at ${dueAt ? sql`= 'infinity'::timestamptz` : sql`<> 'infinity'::timestamptz`}`);
}

/** Hands back deliveries a stopping worker claimed and never started: due now, the claim uncounted. */
export async function releaseDeliveries(db: Db, ids: number[], now: Date) {
  if (ids.length === 0) return;
  await db.execute(sql`
    update ${webhookDeliveries}
    set next_attempt_at = ${now.toISOString()}::timestamptz, in_flight = false, attempts = greatest(attempts - 1, 0)
    where id = any(${param(ids)}::bigint[]) and in_flight`);
}

/**
 * The embedded database admits one process, so at its start no delivery is in flight: every one
 * claimed before is due now, not when its lease would have run out, and its cut-off attempt
 * does not count against its retries.
 */
export async function releaseClaims(db: Db, now: Date) {
  await db.execute(sql`
    update ${webhookDeliveries} set next_attempt_at = ${now.toISOString()}::timestamptz, in_flight = false,
        attempts = greatest(attempts - 1, 0)
    where state = 'pending' and in_flight`);
}

/**
 * Forgets events older than `before` with nothing left to deliver (delivered, given up, or their
 * endpoint removed), with their deliveries and logs; answers how many events went.
 */
export async function deleteSettledWebhookEvents(db: Db, before: Date) {
  const rows = await selectRows<{ id: number }>(
    db,
    sql`
    delete from ${webhookEvents} e
    where e.occurred_at < ${before.toISOString()}::timestamptz
      and not exists (select 1 from ${webhookDeliveries} d where d.event_id = e.id and d.state = 'pending')
    returning e.id`,
  );
  return rows.length;
}
