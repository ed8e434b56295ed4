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
  /** The JSON sent: `{ type, timestamp, data }`, the event as written, read as text. */
  body: string;
};

/** Where a claim's deliveries go and what signs them, read once per endpoint per claim. */
export type ClaimedEndpoint = {
  id: number;
  url: string;
  secretEnc: string;
  /** The secret replaced last, while it still signs beside the new one. */
  previousSecretEnc: string | null;
};

/**
 * Whether any delivery is due: an idle worker's look, one read of the due index's first entry,
 * in place of a claim's transaction of four statements (a look every 200 ms, idle or not).
 */
export async function anyDeliveryDue(db: Db, now: Date) {
  const rows = await selectRows(
    db,
    sql`select 1 from ${webhookDeliveries}
        where state = 'pending' and next_attempt_at <= ${now.toISOString()}::timestamptz limit 1`,
  );
  return rows.length > 0;
}

/**
 * Claims up to `limit` due deliveries of enabled endpoints, oldest due first: counts the attempt
 * and moves each one's next attempt to `leaseUntil`, so a delivery whose worker dies mid-POST is
 * due again then, and other workers skip it meanwhile (and skip rows another is claiming now).
 * The body comes as text, ready to sign: at thousands a second, parsing each event's JSON to
 * write it again, and reading each endpoint's URL and secrets once per delivery, cost more than
 * the claim's own writes.
 */
export async function claimDueDeliveries(db: Db, now: Date, leaseUntil: Date, limit: number) {
  return db.transaction(async (tx) => {
    // Read the due index in order and stop at the limit. The planner would otherwise do so only
    // when its figures say the table is big: the embedded database has no autovacuum to update
    // them, and with a backlog of 100,000 a bitmap of every due row, sorted, at every look costs
    // far more than the look.
    await tx.execute(
      sql`select set_config('enable_bitmapscan', 'off', true), set_config('enable_seqscan', 'off', true)`,
    );
    const deliveries = await selectRows<ClaimedDelivery>(
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
           ${webhookEvents} e
      where d.id = due.id and e.id = d.event_id
      returning d.id::int as id, d.message_id as "messageId", d.attempts::int as attempt,
                d.endpoint_id as "endpointId",
                json_build_object('type', e.type,
                  'timestamp', to_char(e.occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                  'data', e.data)::text as body`,
    );
    const endpointIds = [...new Set(deliveries.map((d) => d.endpointId))];
    const endpoints =
      endpointIds.length === 0
        ? []
        : await selectRows<ClaimedEndpoint>(
            tx,
            sql`
            select id, url, secret_enc as "secretEnc",
                   case when previous_secret_until > ${now.toISOString()}::timestamptz
                        then previous_secret_enc end as "previousSecretEnc"
            from ${webhookEndpoints} where id = any(${param(endpointIds)}::integer[])`,
          );
    return { deliveries, endpoints: new Map(endpoints.map((e) => [e.id, e])) };
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
 * one records it). Only a claim sets `in_flight`, so an in-flight delivery is a pending one.
 */
export async function settleDeliveries(db: Db, settled: Settlement[]) {
  if (settled.length === 0) return;
  const column = columnArrays(settled);
  const at = (dates: (Date | null)[]) => param(dates.map((d) => d?.toISOString() ?? null));
  const ids = column('id');
  // One table and no join: each row finds its values by its id's place in the arrays. A join with
  // the arrays' rows was planned from the table's figures, and those mislead either way (the
  // embedded database has no autovacuum; an analyze taken while nothing was in flight says
  // nothing is): it hashed every pending delivery, or read the arrays once per delivery.
  await db.execute(sql`
    update ${webhookDeliveries} d
    set (state, in_flight, next_attempt_at, last_status, last_error, delivered_at, log) = (
      select r.state, false, coalesce(r.next_at, d.next_attempt_at), r.status, r.error,
             case when r.state = 'delivered' then r.attempted_at end,
             d.log || jsonb_build_array(jsonb_build_object(
               'at', r.attempted_at, 'status', r.status, 'error', r.error,
               'responseExcerpt', r.excerpt, 'durationMs', r.duration_ms))
      from (select (${column('state')}::text[])[i] as state,
                   (${at(settled.map((s) => s.nextAttemptAt))}::timestamptz[])[i] as next_at,
                   (${at(settled.map((s) => s.attemptedAt))}::timestamptz[])[i] as attempted_at,
                   (${column('status')}::integer[])[i] as status, (${column('error')}::text[])[i] as error,
                   (${column('responseExcerpt')}::text[])[i] as excerpt,
                   (${column('durationMs')}::integer[])[i] as duration_ms
              from array_position(${ids}::bigint[], d.id) as i) r)
    where d.id = any(${ids}::bigint[]) and d.in_flight
      and d.attempts = (${column('attempt')}::integer[])[array_position(${ids}::bigint[], d.id)]`);
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

/** Moves the leases of deliveries a worker still holds (queued or posting) to `leaseUntil`. */
export async function renewClaims(db: Db, ids: number[], leaseUntil: Date) {
  await db.execute(sql`
    update ${webhookDeliveries} set next_attempt_at = ${leaseUntil.toISOString()}::timestamptz
    where id = any(${param(ids)}::bigint[]) and in_flight`);
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
