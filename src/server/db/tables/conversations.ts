import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ANSWER_CATEGORIES, CATEGORY_SOURCES } from '../../../contract/answers';
import { BOUNCE_KINDS, INBOUND_KINDS, SUPPRESSION_REASONS } from '../../../contract/conversations';
import { users } from './accounts';
import { campaigns, emails } from './campaigns';
import { createdAt, tz } from './columns';
import { mailboxes } from './mailboxes';
import { type WorkspaceId, workspaceColumn, workspaces } from './workspaces';

export const unsubscribes = pgTable(
  'unsubscribes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The suppression list is the workspace's: one opt-out stops every member's campaigns. */
    workspaceId: workspaceColumn(),
    /** The mailbox owner whose email (or mailbox) it came through. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    campaignId: integer('campaign_id').references(() => campaigns.id, { onDelete: 'set null' }),
    emailId: bigint('email_id', { mode: 'number' }).references(() => emails.id, { onDelete: 'set null' }),
    reason: text('reason', { enum: SUPPRESSION_REASONS }).notNull().default('link'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('unsubscribes_workspace_email_uq').on(t.workspaceId, sql`lower(${t.email})`),
    index('unsubscribes_campaign_idx').on(t.campaignId),
  ],
);

/**
 * Inbound messages that refer to a sent email (or ask by email to be unsubscribed), read from the
 * sender's mailbox. Only what the product shows is kept: who, when, the subject and a short
 * snippet of a reply, never the body. `sourceKey` is the mailbox's own name for the message, so
 * reading it again records nothing new.
 */
export const inboundMessages = pgTable(
  'inbound_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * Whose inbox shows it: the workspace of the email it answers; for an emailed unsubscribe
     * request that quotes none, the first workspace its mailbox's owner sends in. Null only for
     * rows of a mailbox owner who sends in no workspace.
     */
    workspaceId: integer('workspace_id')
      .$type<WorkspaceId>()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /**
     * Where the message is in its mailbox, to read it again on demand: `gmail:<id>`,
     * `graph:<id>` or `imap:<uidvalidity>:<uid>`; null for answers recorded before it was kept.
     */
    providerRef: text('provider_ref'),
    /** The mailbox it was read from (where an answer to it leaves from); null for IMAP_URL's. */
    mailboxId: integer('mailbox_id').references(() => mailboxes.id, { onDelete: 'set null' }),
    /** Null for an emailed unsubscribe request that quotes none of our messages. */
    emailId: bigint('email_id', { mode: 'number' }).references(() => emails.id, { onDelete: 'cascade' }),
    sourceKey: text('source_key').notNull(),
    kind: text('kind', { enum: INBOUND_KINDS }).notNull(),
    bounceKind: text('bounce_kind', { enum: BOUNCE_KINDS }),
    /** A bounce's enhanced status code (5.1.1) and the server's words. */
    bounceStatus: text('bounce_status'),
    bounceDiagnostic: text('bounce_diagnostic'),
    fromAddress: text('from_address'),
    fromName: text('from_name'),
    subject: text('subject').notNull().default(''),
    snippet: text('snippet').notNull().default(''),
    /** A "no longer with the company" notice's colleague to write to instead: name, address or both. */
    colleagueName: text('colleague_name'),
    colleagueAddress: text('colleague_address'),
    /** Opens the conversation in Gmail or Outlook on the web, when the provider gives one. */
    link: text('link'),
    /**
     * What the answer means (contract/answers.ts): given by the rules when it is recorded, by the
     * AI provider when one is set up, by a person over both; null while nobody could tell.
     */
    category: text('category', { enum: ANSWER_CATEGORIES }),
    categorySource: text('category_source', { enum: CATEGORY_SOURCES }),
    /** Not now: the day the reply names to write again (a month's first day when it names a month). */
    notNowUntil: date('not_now_until', { mode: 'string' }),
    /** When a member of the workspace first opened it in the inbox; null while unread. */
    readAt: tz('read_at'),
    /** The member who is to answer it. */
    assignedTo: integer('assigned_to').references(() => users.id, { onDelete: 'set null' }),
    receivedAt: tz('received_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('inbound_messages_source_uq').on(t.userId, t.sourceKey),
    index('inbound_messages_email_idx').on(t.emailId, t.receivedAt.desc()),
    // The inbox: newest first within a workspace, and its unread count.
    index('inbound_messages_inbox_idx').on(t.workspaceId, t.receivedAt.desc(), t.id.desc()),
    index('inbound_messages_unread_idx').on(t.workspaceId).where(sql`read_at is null`),
  ],
);

/**
 * The whole of an answer, kept only when its workspace keeps answers (workspaces.keepAnswerDays):
 * what the reading view shows, already sanitised, from when it was first read until the
 * workspace's days have passed (counted with its setting of the moment, so shortening it, or
 * turning it off, deletes what is older at the next clean-up).
 */
export const answerBodies = pgTable(
  'answer_bodies',
  {
    inboundMessageId: bigint('inbound_message_id', { mode: 'number' })
      .primaryKey()
      .references(() => inboundMessages.id, { onDelete: 'cascade' }),
    /** The reading view's content (contract/inbox.ts answerMessage) without its images allowed. */
    content: jsonb('content').notNull(),
    keptAt: tz('kept_at').notNull(),
  },
  (t) => [index('answer_bodies_kept_idx').on(t.keptAt)],
);

/**
 * Every change of an answer's category after the rules gave their first one: from what, to what,
 * by whom (a person; null for the AI provider) and when. Shown in the email's record.
 */
export const answerCategoryChanges = pgTable(
  'answer_category_changes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    inboundMessageId: bigint('inbound_message_id', { mode: 'number' })
      .notNull()
      .references(() => inboundMessages.id, { onDelete: 'cascade' }),
    fromCategory: text('from_category', { enum: ANSWER_CATEGORIES }),
    toCategory: text('to_category', { enum: ANSWER_CATEGORIES }),
    source: text('source', { enum: CATEGORY_SOURCES }).notNull(),
    changedBy: integer('changed_by').references(() => users.id, { onDelete: 'set null' }),
    changedAt: tz('changed_at').notNull(),
  },
  (t) => [index('answer_category_changes_message_idx').on(t.inboundMessageId, t.changedAt)],
);

/**
 * Where the sync of each mailbox stands: its cursor (what was read last), a lease so one worker
 * syncs a mailbox at a time (a worker that dies loses it when it runs out), and the last outcome.
 */
export const mailboxSyncs = pgTable('mailbox_syncs', {
  /** `imap` for the deployment's IMAP_URL mailbox. */
  key: text('key').primaryKey(),
  cursor: jsonb('cursor'),
  leaseToken: text('lease_token'),
  leaseUntil: tz('lease_until'),
  lastSyncedAt: tz('last_synced_at'),
  lastError: text('last_error'),
  lastErrorAt: tz('last_error_at'),
});
