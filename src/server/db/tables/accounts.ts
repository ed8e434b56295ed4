import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, tz, updatedAt } from './columns';

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    profileImageUrl: text('profile_image_url'),
    termsAcceptedAt: tz('terms_accepted_at'),
    /** IANA zone sent by the browser; daily limits and "today" are counted in it. */
    timeZone: text('time_zone').notNull().default('UTC'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('users_email_idx').on(sql`lower(${t.email})`)],
);

/**
 * One row per Google, Microsoft or local identity of a user: one they sign in with, or a Google or
 * Microsoft account connected in Settings only to send from. Tokens are AES-256-GCM ciphertext.
 */
export const oauthAccounts = pgTable(
  'oauth_accounts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['google', 'microsoft', 'local'] }).notNull(),
    subject: text('subject').notNull(),
    email: text('email'),
    accessTokenEnc: text('access_token_enc'),
    refreshTokenEnc: text('refresh_token_enc'),
    accessTokenExpiresAt: tz('access_token_expires_at'),
    scopes: text('scopes'),
    /**
     * The last sign-in with this identity; null for an account only ever connected as a mailbox.
     * An account the person signs in with keeps its row (and its mailbox) while the user does.
     */
    signedInAt: tz('signed_in_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('oauth_accounts_provider_subject_uq').on(t.provider, t.subject),
    index('oauth_accounts_user_idx').on(t.userId),
  ],
);

/** Server-side sessions. `id` is the SHA-256 of the cookie's token, so a leaked table is no key. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['google', 'microsoft', 'local'] }).notNull(),
    createdAt: createdAt(),
    lastSeenAt: tz('last_seen_at').notNull().defaultNow(),
    idleExpiresAt: tz('idle_expires_at').notNull(),
    absoluteExpiresAt: tz('absolute_expires_at').notNull(),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_idle_expiry_idx').on(t.idleExpiresAt)],
);

/**
 * What is the person's own when they send: the From line's name and address, and their signature.
 * The company details every email's footer and the writing AI use belong to the workspace
 * (workspace_settings), since several people send for one company.
 */
export const senderSettings = pgTable('sender_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  name: text('name'),
  email: text('email'),
  signature: text('signature'),
  updatedAt: updatedAt(),
});

/**
 * Sign-in attempts per client and route, counted in the database so every web process behind a
 * load balancer shares one limit. One row per key; it restarts its window once `expires_at` passes.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    expiresAt: tz('expires_at').notNull(),
  },
  (t) => [index('rate_limit_counters_expiry_idx').on(t.expiresAt)],
);
