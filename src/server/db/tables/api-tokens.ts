import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { API_TOKEN_SCOPES } from '../../../contract/api-tokens';
import { users } from './accounts';
import { createdAt, tz } from './columns';
import { workspaceColumn } from './workspaces';

/**
 * A workspace's API tokens. The secret is stored only as its SHA-256 (a leaked table is no key);
 * `prefix` is its first characters, to tell tokens apart in lists. A token acts as its maker,
 * whose membership is read on every request: it goes with its workspace and its maker's account.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    workspaceId: workspaceColumn(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    scopes: text('scopes', { enum: API_TOKEN_SCOPES }).array().notNull(),
    secretHash: text('secret_hash').notNull(),
    prefix: text('prefix').notNull(),
    expiresAt: tz('expires_at'),
    /** Written at most once a minute per token, not on every request. */
    lastUsedAt: tz('last_used_at'),
    revokedAt: tz('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('api_tokens_secret_hash_uq').on(t.secretHash),
    index('api_tokens_workspace_idx').on(t.workspaceId).where(sql`${t.revokedAt} is null`),
  ],
);
