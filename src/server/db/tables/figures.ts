import { bigint, boolean, date, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { campaigns, emails } from './campaigns';
import { tz } from './columns';
import { mailboxes } from './mailboxes';

/*
 * What the figures are read from: the per-campaign rollups the emails' triggers keep, each open of
 * a sent email, and each mailbox's sends per day against its daily limits.
 */

/**
 * Sends and unique opens per campaign per day (the owner's time zone), kept by a statement
 * trigger on emails (migration 0005), so analytics at a million emails read a few hundred rows.
 * `opened` counts sent emails' first opens of any kind; `human_opened` their first opens by a person.
 */
export const campaignDailyStats = pgTable(
  'campaign_daily_stats',
  {
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    sent: integer('sent').notNull().default(0),
    opened: integer('opened').notNull().default(0),
    humanOpened: integer('human_opened').notNull().default(0),
    /** First replies by a person and hard bounces, on the day they arrived (migration 0011). */
    replied: integer('replied').notNull().default(0),
    bounced: integer('bounced').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.day] }),
    index('campaign_daily_stats_user_day_idx').on(t.userId, t.day),
  ],
);

/**
 * A campaign's all-time totals: the sum of its campaign_daily_stats rows, plus the unsubscribes
 * that came from it. Kept by the same triggers (migration 0006), so the Analytics overview reads
 * one row per campaign.
 */
export const campaignStats = pgTable(
  'campaign_stats',
  {
    campaignId: integer('campaign_id')
      .primaryKey()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sent: integer('sent').notNull().default(0),
    opened: integer('opened').notNull().default(0),
    humanOpened: integer('human_opened').notNull().default(0),
    unsubscribes: integer('unsubscribes').notNull().default(0),
    replied: integer('replied').notNull().default(0),
    bounced: integer('bounced').notNull().default(0),
  },
  (t) => [index('campaign_stats_user_idx').on(t.userId)],
);

/**
 * A campaign's all-time sends, first replies by a person and hard bounces per mailbox it sent from
 * (the recipient's mailbox), kept by the same triggers as campaign_stats (migration 0029), so the
 * figures per mailbox read a row per campaign and mailbox, not the emails.
 */
export const campaignMailboxStats = pgTable(
  'campaign_mailbox_stats',
  {
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    mailboxId: integer('mailbox_id')
      .notNull()
      .references(() => mailboxes.id, { onDelete: 'cascade' }),
    sent: integer('sent').notNull().default(0),
    replied: integer('replied').notNull().default(0),
    bounced: integer('bounced').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.mailboxId] }),
    index('campaign_mailbox_stats_mailbox_idx').on(t.mailboxId),
  ],
);

export const emailOpens = pgTable(
  'email_opens',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    emailId: bigint('email_id', { mode: 'number' })
      .notNull()
      .references(() => emails.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    openedAt: tz('opened_at').notNull().defaultNow(),
    userAgent: text('user_agent'),
    /** Likely an image proxy's prefetch (Apple MPP, Google image proxy), not a person reading. */
    isMachine: boolean('is_machine').notNull().default(false),
  },
  (t) => [
    index('email_opens_email_idx').on(t.emailId),
    index('email_opens_campaign_idx').on(t.campaignId, t.isMachine),
    index('email_opens_user_day_idx').on(t.userId, t.openedAt),
  ],
);

/**
 * Emails sent per mailbox per day (in its owner's zone); taken with an atomic conditional increment.
 */
export const sendQuota = pgTable(
  'send_quota',
  {
    mailboxId: integer('mailbox_id')
      .notNull()
      .references(() => mailboxes.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    sentWithUnsubscribe: integer('sent_with_unsubscribe').notNull().default(0),
    sentWithoutUnsubscribe: integer('sent_without_unsubscribe').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.mailboxId, t.day] })],
);
