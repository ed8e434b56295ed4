import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { apiTokens } from './api-tokens';
import { tz } from './columns';
import { type WorkspaceId, workspaces } from './workspaces';

/**
 * One `Idempotency-Key` a caller used on a POST (docs/decisions/0017): claimed by the first
 * request before it acts, then holding its answer for the 24 h the key lasts. A table rather than
 * process memory, so every web process sees the same claim. `scope` is the SHA-256 of the
 * workspace, the caller (token or user), the route and the key, so the unique index is the claim.
 * Times are the app's clock (tests move it), not the database's. The row goes with its
 * workspace, its user or its token.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    scope: text('scope').notNull(),
    /** Null for the routes of a person's own account, which name no workspace. */
    workspaceId: integer('workspace_id')
      .$type<WorkspaceId>()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The token that called, or null for a browser session. */
    apiTokenId: integer('api_token_id').references(() => apiTokens.id, { onDelete: 'cascade' }),
    /** SHA-256 of the request (method, path, query and body): the same key with another one is refused. */
    fingerprint: text('fingerprint').notNull(),
    /** Which run holds the claim: a run whose claim was taken over must not write its answer. */
    claimToken: text('claim_token').notNull(),
    /** The first request's time: the key lasts 24 h from it. */
    createdAt: tz('created_at').notNull(),
    /** Until when the running request holds the key; renewed while it runs. Past it with no answer, the run is taken as dead. */
    leaseExpiresAt: tz('lease_expires_at').notNull(),
    /** The answer, once the first request has one; a 5xx answer is never kept (the row goes). */
    status: integer('status'),
    headers: jsonb('headers').$type<Record<string, string>>(),
    /** Encrypted with SECRET_KEY (some answers hold a secret shown once); re-encrypted by rotate-secret. */
    body: text('body'),
  },
  (t) => [
    uniqueIndex('idempotency_keys_scope_uq').on(t.scope),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);
