import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { WEBHOOK_DELIVERY_STATES } from '../../../contract/webhooks';
import { users } from './accounts';

/** One attempt as the delivery's log keeps it (times as ISO strings). */
export type WebhookAttemptLog = {
  at: string;
  status: number | null;
  error: string | null;
  responseExcerpt: string;
  durationMs: number;
};

import { createdAt, tz, updatedAt } from './columns';
import { workspaceColumn } from './workspaces';

/**
 * Where a workspace wants its events POSTed. `eventTypes` empty means every type (also types
 * added later). The signing secret is stored encrypted with SECRET_KEY (the app must read it to
 * sign); after a rotation the previous one keeps signing beside the new one until
 * `previousSecretUntil`, so a receiver can switch without missing a delivery.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    workspaceId: workspaceColumn(),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    eventTypes: text('event_types').array().notNull().default(sql`'{}'::text[]`),
    enabled: boolean('enabled').notNull().default(true),
    /** Why the app turned it off (a 410 Gone answer), shown beside it; null when a person did. */
    disabledReason: text('disabled_reason'),
    secretEnc: text('secret_enc').notNull(),
    previousSecretEnc: text('previous_secret_enc'),
    previousSecretUntil: tz('previous_secret_until'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('webhook_endpoints_workspace_idx').on(t.workspaceId)],
);

/**
 * What happened, written by the database's triggers in the same statement as the change it
 * reports (migration 0034), and only while an enabled endpoint of the workspace wants its type.
 * `data` holds ids and addresses, never message text.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    workspaceId: workspaceColumn(),
    type: text('type').notNull(),
    data: jsonb('data').notNull(),
    occurredAt: tz('occurred_at').notNull().defaultNow(),
  },
  (t) => [index('webhook_events_workspace_idx').on(t.workspaceId, t.id)],
);

/**
 * One event for one endpoint: the unit that is signed, sent, retried and replayed. `messageId` is
 * its `webhook-id`, the same on every attempt and replay, so a receiver can drop repeats.
 * `nextAttemptAt` is in the app's clock. A worker claims a due delivery by counting the attempt
 * and moving `nextAttemptAt` past its lease, so one whose worker died mid-POST is due again then.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    messageId: text('message_id').notNull().default(sql`'msg_' || replace(gen_random_uuid()::text, '-', '')`),
    state: text('state', { enum: WEBHOOK_DELIVERY_STATES }).notNull().default('pending'),
    attempts: smallint('attempts').notNull().default(0),
    nextAttemptAt: tz('next_attempt_at').notNull().defaultNow(),
    /** Claimed by a worker and not settled yet (its lease is `nextAttemptAt`). */
    inFlight: boolean('in_flight').notNull().default(false),
    lastStatus: smallint('last_status'),
    lastError: text('last_error'),
    deliveredAt: tz('delivered_at'),
    /**
     * Every settled attempt, oldest first: when, the HTTP status (null when no answer came) or the
     * error, the answer's first 500 characters and how long it took. Kept on the row rather than
     * in a table of its own: one write per attempt instead of two, at thousands a second.
     */
    log: jsonb('log').$type<WebhookAttemptLog[]>().notNull().default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.state} = 'pending'`),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.id),
  ],
);
