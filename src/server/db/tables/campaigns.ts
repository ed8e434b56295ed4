import { type SQL, sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { BOUNCE_KINDS } from '../../../contract/conversations';
import type { Finding } from '../../../contract/draft-findings';
import { CAMPAIGN_STATUSES, EMAIL_STATUSES } from '../../../contract/email-rules';
import type { SenderProfile } from '../../../contract/sender-profile';
import { users } from './accounts';
import { createdAt, tz, updatedAt } from './columns';
import { mailboxes } from './mailboxes';
import { workspaceColumn } from './workspaces';

export const templates = pgTable(
  'templates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The workspace it belongs to; what every read is scoped by. */
    workspaceId: workspaceColumn(),
    /** Who made it. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type', { enum: ['template', 'prompt'] }).notNull(),
    subjectTemplate: text('subject_template').notNull().default(''),
    bodyTemplate: text('body_template').notNull().default(''),
    aiInstructions: text('ai_instructions'),
    variables: jsonb('variables').$type<string[]>().notNull().default(['email']),
    archivedAt: tz('archived_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('templates_workspace_idx').on(t.workspaceId, t.archivedAt, t.createdAt)],
);

export const campaigns = pgTable(
  'campaigns',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The workspace it belongs to; what every read is scoped by. */
    workspaceId: workspaceColumn(),
    /** Who made it: its emails go from this person's mailbox. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    notes: text('notes'),
    status: text('status', {
      enum: CAMPAIGN_STATUSES,
    })
      .notNull()
      .default('draft'),
    templateId: integer('template_id').references(() => templates.id, { onDelete: 'set null' }),
    columnMapping: jsonb('column_mapping').$type<Record<string, string>>().notNull().default({}),
    includeUnsubscribeLink: boolean('include_unsubscribe_link').notNull().default(true),
    unsubscribeMessage: text('unsubscribe_message'),
    /** Whether emails carry the open-tracking pixel; off gives recipients more privacy and no open figures. */
    trackOpens: boolean('track_opens').notNull().default(true),
    /**
     * Whether an AI-written draft is also read by a second AI call that lists its claims and what
     * supports each (the cheap checks run whatever this says); off saves the tokens.
     */
    checkClaimsWithAi: boolean('check_claims_with_ai').notNull().default(true),
    /**
     * The campaign's own sender profile: each field filled in here takes the place of the Settings'
     * one for this campaign's AI emails (never-claim entries add to the Settings' ones); null uses
     * the Settings' profile as it is.
     */
    senderProfile: jsonb('sender_profile').$type<SenderProfile>(),
    /** What the AI claim check of the latest drafts cost: drafts read and tokens used. */
    claimCheckDrafts: integer('claim_check_drafts').notNull().default(0),
    claimCheckTokens: integer('claim_check_tokens').notNull().default(0),
    /**
     * When follow-ups may be sent, in each recipient's time zone (else the sender's): ISO weekdays
     * (1 Monday … 7 Sunday) and minutes after local midnight, the end excluded.
     */
    sendDays: jsonb('send_days').$type<number[]>().notNull().default([1, 2, 3, 4, 5]),
    sendStartMinute: integer('send_start_minute')
      .notNull()
      .default(9 * 60),
    sendEndMinute: integer('send_end_minute')
      .notNull()
      .default(17 * 60),
    recipientCount: integer('recipient_count').notNull().default(0),
    generationTotal: integer('generation_total').notNull().default(0),
    generationProcessed: integer('generation_processed').notNull().default(0),
    generationCurrent: text('generation_current'),
    generationError: text('generation_error'),
    generationStartedAt: tz('generation_started_at'),
    /** Who started the latest generation: the writer of the emails it wrote (four-eyes approval). */
    generatedBy: integer('generated_by'),
    archivedAt: tz('archived_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('campaigns_workspace_idx').on(t.workspaceId, t.archivedAt, t.createdAt)],
);

export const recipients = pgTable(
  'recipients',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    company: text('company'),
    jobTitle: text('job_title'),
    /** The whole CSV row, keyed by column header. */
    data: jsonb('data').$type<Record<string, string>>().notNull(),
    rowNumber: integer('row_number').notNull(),
    /** The IANA time zone from the file's `timezone` column; follow-ups keep to its sending window. */
    timeZone: text('time_zone'),
    /**
     * The mailbox the recipient's emails leave from, given when their first email is sent and kept
     * for every follow-up, so the whole sequence is one thread in one mailbox.
     */
    mailboxId: integer('mailbox_id').references(() => mailboxes.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('recipients_mailbox_idx').on(t.mailboxId).where(sql`${t.mailboxId} is not null`),
    // Recipients are inserted in file order, so (campaign_id, id) order — the primary key with the
    // campaign filter — is row order; a separate row_number index would only slow imports down.
    uniqueIndex('recipients_campaign_email_uq').on(t.campaignId, sql`lower(${t.email})`),
    index('recipients_campaign_id_idx').on(t.campaignId, t.id),
  ],
);

/** The mailboxes a campaign may send from; none means its maker's default mailbox. */
export const campaignMailboxes = pgTable(
  'campaign_mailboxes',
  {
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    mailboxId: integer('mailbox_id')
      .notNull()
      .references(() => mailboxes.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.mailboxId] }),
    index('campaign_mailboxes_mailbox_idx').on(t.mailboxId),
  ],
);

/**
 * A campaign's follow-up steps: step 1 is the campaign's own email (its template), steps 2 to 6
 * follow it in the same thread, each `delayDays` after the step before reached that recipient
 * (counting only Monday to Friday when `businessDays`), written from its own template.
 */
export const campaignSteps = pgTable(
  'campaign_steps',
  {
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    step: integer('step').notNull(),
    delayDays: integer('delay_days').notNull(),
    businessDays: boolean('business_days').notNull().default(false),
    templateId: integer('template_id').references(() => templates.id, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.step] })],
);

/** The states live in the contract's rule book, with what each allows. */
export const emailStatuses = EMAIL_STATUSES;

/** An email's place in review (attention_rank, queue_rank): its worst finding, or nothing to look at. */
export const REVIEW_RANK = { high: 0, medium: 1, low: 2, none: 3 } as const;

/** The worst severity in a jsonb list of findings, as a REVIEW_RANK (`none` for an empty list). */
export const worstSeverityRank = (findings: SQL) =>
  sql`case when ${findings} @> '[{"severity":"high"}]' then ${sql.raw(String(REVIEW_RANK.high))}
           when ${findings} @> '[{"severity":"medium"}]' then ${sql.raw(String(REVIEW_RANK.medium))}
           when jsonb_array_length(${findings}) > 0 then ${sql.raw(String(REVIEW_RANK.low))}
           else ${sql.raw(String(REVIEW_RANK.none))} end`;

export const emails = pgTable(
  'emails',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The campaign's workspace, denormalised so a workspace's lists at a million rows need no join. */
    workspaceId: workspaceColumn(),
    /** The mailbox's owner (the campaign's maker): quota, pacing and the mailbox sync go by it. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    recipientId: bigint('recipient_id', { mode: 'number' })
      .notNull()
      .references(() => recipients.id, { onDelete: 'cascade' }),
    /**
     * 1 for the campaign's first email, 2 and up for its follow-ups (campaign_steps); 0 for a
     * person's answer to a reply, written in the inbox (answersInboundId says which reply).
     */
    step: integer('step').notNull().default(1),
    /**
     * For an answer (step 0): the reply it answers, in that reply's thread and from the mailbox that
     * received it (a reply may be answered more than once, one answer on its way at a time). The
     * foreign key (cascade) is in migration 0036 only: this file and the inbound messages' would
     * import each other.
     */
    answersInboundId: bigint('answers_inbound_id', { mode: 'number' }),
    subject: text('subject').notNull().default(''),
    body: text('body').notNull().default(''),
    isApproved: boolean('is_approved').notNull().default(false),
    isEdited: boolean('is_edited').notNull().default(false),
    status: text('status', { enum: emailStatuses }).notNull().default('draft'),
    errorMessage: text('error_message'),
    /** Why this email needs a human look before sending (e.g. an empty mapped variable). */
    attentionReason: text('attention_reason'),
    /**
     * What the draft checks found (docs/product.md, "Draft checks"), most severe first; null until
     * the campaign's drafts were checked after generation.
     */
    findings: jsonb('findings').$type<Finding[]>(),
    /**
     * Who wrote the text as it stands: whoever generated it, then whoever last edited it. Under
     * four-eyes approval, someone else approves it. Null for emails written before teams.
     */
    writtenBy: integer('written_by'),
    /**
     * Who generated it: stays when someone edits it (the writer changes) or later regenerates
     * another step (the campaign's generated_by changes). Null for emails generated before it existed.
     */
    generatedBy: integer('generated_by'),
    /** Who approved it (null while not approved, and for approvals before teams). */
    approvedBy: integer('approved_by'),
    /** The user read the findings and chose to keep the text as it is (one click per email). */
    findingsDismissed: boolean('findings_dismissed').notNull().default(false),
    /**
     * Whether the email needs a person now: 0, 1, 2 for a draft awaiting approval whose open
     * findings are at worst high, medium or low; 3 for everything else (no findings, dismissed,
     * approved, past review). Kept by the database; the "Needs attention" filter and counts read it.
     * The ranks are REVIEW_RANK's, written out: the migration holds this very text.
     */
    attentionRank: smallint('attention_rank').generatedAlwaysAs(
      sql`case when findings_dismissed or is_approved or status not in ('draft', 'failed')
                    or findings is null or jsonb_array_length(findings) = 0 then 3
               when findings @> '[{"severity":"high"}]' then 0
               when findings @> '[{"severity":"medium"}]' then 1
               else 2 end`,
    ),
    /**
     * Where the review queue lists the email: the worst severity the checks found when they last
     * read the campaign (0 high … 3 none). Fixing, approving or dismissing does not move it, so the
     * queue holds still while a person works through it.
     */
    queueRank: smallint('queue_rank').notNull().default(3),
    includeUnsubscribeLink: boolean('include_unsubscribe_link'),
    scheduledFor: tz('scheduled_for'),
    sentAt: tz('sent_at'),
    messageId: text('message_id'),
    providerMessageId: text('provider_message_id'),
    /** The provider's conversation the message joined (Gmail's threadId), for matching replies. */
    providerThreadId: text('provider_thread_id'),
    transport: text('transport'),
    /** The exact MIME message as sent. */
    rawMessage: text('raw_message'),
    trackingToken: text('tracking_token').notNull(),
    /** First open of any kind, and first open by a person (not an image proxy): unique opens. */
    openedAt: tz('opened_at'),
    humanOpenedAt: tz('human_opened_at'),
    /** First reply by a person, and the latest bounce (a hard one is never downgraded to soft). */
    repliedAt: tz('replied_at'),
    bouncedAt: tz('bounced_at'),
    bounceKind: text('bounce_kind', { enum: BOUNCE_KINDS }),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One email per recipient and step of the sequence; answers (step 0) are not steps.
    uniqueIndex('emails_recipient_step_uq').on(t.recipientId, t.step).where(sql`${t.step} > 0`),
    index('emails_answers_inbound_idx').on(t.answersInboundId).where(sql`${t.answersInboundId} is not null`),
    check('emails_answer_step_ck', sql`(${t.step} = 0) = (${t.answersInboundId} is not null)`),
    uniqueIndex('emails_tracking_token_uq').on(t.trackingToken),
    index('emails_campaign_idx').on(t.campaignId, t.id),
    index('emails_workspace_status_idx').on(t.workspaceId, t.status),
    index('emails_campaign_status_idx').on(t.campaignId, t.status),
    // Drafts the checks have not read yet (a start-up sweep looks for them).
    index('emails_unchecked_idx')
      .on(t.campaignId)
      .where(sql`${t.status} = 'draft' and ${t.findings} is null`),
    // The review queue: what the checks flagged first, most severe first, then the rest.
    index('emails_review_queue_idx').on(t.campaignId, t.queueRank, t.recipientId),
    index('emails_scheduled_idx').on(t.scheduledFor).where(sql`${t.status} = 'scheduled'`),
    // A recipient's emails, answers (step 0) included: the stop rules and the thread a follow-up
    // reads when it is claimed, and the follow-ups waiting for the step before them. The unique
    // index above leaves answers out, so it cannot serve a lookup by recipient alone; without this
    // one, claiming a due follow-up scanned the review queue's index (8 ms an email at 100,000
    // recipients, 84 times a first email's claim).
    index('emails_recipient_idx').on(t.recipientId),
    // The Sent Emails table's pages, newest first, for all campaigns or one; also by subject.
    index('emails_sent_page_idx')
      .on(t.workspaceId, t.sentAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'sent'`),
    index('emails_campaign_sent_page_idx')
      .on(t.campaignId, t.sentAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'sent'`),
    index('emails_sent_subject_idx').on(t.workspaceId, t.subject, t.id).where(sql`${t.status} = 'sent'`),
    // Inbound mail is matched to what we sent by the Message-IDs it refers to (random, so unique).
    index('emails_message_id_idx').on(t.messageId).where(sql`${t.messageId} is not null`),
    // Gmail replies are also matched by the thread our email started.
    index('emails_thread_idx').on(t.userId, t.providerThreadId).where(sql`${t.providerThreadId} is not null`),
  ],
);

/** Messages "sent" through the outbox transport (local users): stored, viewable, never delivered. */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    emailId: bigint('email_id', { mode: 'number' }).references(() => emails.id, { onDelete: 'set null' }),
    messageId: text('message_id').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    raw: text('raw').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('outbox_user_idx').on(t.userId, t.createdAt)],
);

/** Images made by "Generate Image" in the editor, served publicly at /i/:token so emails can show them. */
export const generatedImages = pgTable(
  'generated_images',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    mediaType: text('media_type').notNull(),
    data: text('data').notNull(),
    prompt: text('prompt').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('generated_images_token_uq').on(t.token)],
);
