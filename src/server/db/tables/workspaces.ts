import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { SenderProfile } from '../../../contract/sender-profile';
import { ROLES } from '../../../contract/workspaces';
import { users } from './accounts';
import { createdAt, tz, updatedAt } from './columns';

/**
 * A workspace's id. Branded so a user id can never be passed where a workspace is meant: every
 * query that scopes rows to a workspace takes this type, and only a membership check makes one.
 */
export type WorkspaceId = number & { readonly __workspace: unique symbol };

/**
 * What a team shares: templates, campaigns and their emails, the suppression list and the company
 * settings. Everyone starts with a personal one (made at first sign-in).
 */
export const workspaces = pgTable('workspaces', {
  id: integer('id').$type<WorkspaceId>().primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  /** An email counts as approved only when someone other than its writer or last editor approved it. */
  fourEyes: boolean('four_eyes').notNull().default(false),
  /**
   * Days the inbox keeps the whole of an answer once someone has read it; 0 (the default): never,
   * only the snippet, and each reading fetches the message from its mailbox again.
   */
  keepAnswerDays: integer('keep_answer_days').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** The workspace a row belongs to: what every read of it is scoped by; it goes with its workspace. */
export const workspaceColumn = () =>
  integer('workspace_id')
    .$type<WorkspaceId>()
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' });

/**
 * The company a workspace sends for: its name and postal address (every email's footer), why
 * recipients hear from it (the footer's "[reason]"), and the sender profile the writing AI may draw
 * on. Owners change it; one row per workspace, absent until first saved.
 */
export const workspaceSettings = pgTable('workspace_settings', {
  workspaceId: integer('workspace_id')
    .$type<WorkspaceId>()
    .primaryKey()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  companyName: text('company_name'),
  streetAddress: text('street_address'),
  city: text('city'),
  state: text('state'),
  zipCode: text('zip_code'),
  phoneNumber: text('phone_number'),
  recipientReason: text('recipient_reason'),
  /**
   * What the writing AI may say about the sender and must never claim. One jsonb value, not a
   * column per field: a campaign's override has the same shape, both are read whole and never
   * searched by field, and null is "not filled in".
   */
  profile: jsonb('profile').$type<SenderProfile>(),
  updatedAt: updatedAt(),
});

/** Who belongs to a workspace, and as what; read on every request, so removal takes effect at once. */
export const memberships = pgTable(
  'memberships',
  {
    workspaceId: workspaceColumn(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ROLES }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.userId] }), index('memberships_user_idx').on(t.userId)],
);

/**
 * An owner's invitation to join, by email address. The link's token is stored only as its SHA-256,
 * works once (accepted_at) and until it expires.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    workspaceId: workspaceColumn(),
    email: text('email').notNull(),
    role: text('role', { enum: ROLES }).notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: tz('expires_at').notNull(),
    acceptedAt: tz('accepted_at'),
    acceptedBy: integer('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invitations_token_uq').on(t.tokenHash),
    // One pending invitation per address and workspace: inviting again replaces the link.
    uniqueIndex('invitations_pending_uq')
      .on(t.workspaceId, sql`lower(${t.email})`)
      .where(sql`${t.acceptedAt} is null`),
  ],
);

/**
 * Who did what in a workspace, for its owners to read and export. Written in the same transaction
 * as the change it records; a trigger refuses every update and delete (migration 0024), but for
 * the rows of a workspace being deleted. The actor and subject are plain values, not foreign keys:
 * the record outlives an account's deletion and a campaign's.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    workspaceId: workspaceColumn(),
    /** Who did it (null: the app itself), and their address at the time. */
    actorId: integer('actor_id'),
    actorEmail: text('actor_email'),
    /** What happened, e.g. `email.approved`, `member.removed`. */
    action: text('action').notNull(),
    /** What it happened to: `email`, `campaign`, `member`… and its id. */
    subjectType: text('subject_type'),
    subjectId: bigint('subject_id', { mode: 'number' }),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index('audit_events_workspace_idx').on(t.workspaceId, t.id)],
);
