import { z } from 'zod';
import { BOUNCE_KINDS } from './conversations';
import { MAILBOX_KINDS, MAILBOX_STATES } from './mailboxes';

/**
 * Analytics (docs/product.md §8). "Opened" always means opened by a person: image proxies
 * (Apple Mail Privacy Protection, Google's image proxy) fetch the pixel of nearly every message
 * without anyone reading it, so those "machine opens" are reported apart, in the
 * `…IncludingMachine` fields. Every count is of unique emails: a recipient opening five times
 * counts once. Rates are percentages 0–100.
 */
const openCounts = {
  sent: z.number(),
  /** Sent emails a person opened. */
  opened: z.number(),
  /** Sent emails opened by anything, image proxies included. */
  openedIncludingMachine: z.number(),
  /** Sent emails no person opened (sent − opened). */
  unopened: z.number(),
  openRate: z.number(),
  openRateIncludingMachine: z.number(),
  unsubscribes: z.number(),
  /** Sent emails a person replied to (auto-replies do not count), and their share of sent. */
  replied: z.number(),
  replyRate: z.number(),
  /** Sent emails that bounced hard (the address does not work), and their share of sent. */
  bounced: z.number(),
  bounceRate: z.number(),
};

export const campaignAnalytics = z.object({
  campaignId: z.number(),
  name: z.string(),
  status: z.string(),
  archived: z.boolean(),
  /** Whether the campaign has follow-up steps, whose figures by step are then worth a look. */
  hasFollowUps: z.boolean(),
  ...openCounts,
});
export type CampaignAnalytics = z.infer<typeof campaignAnalytics>;

/** One member's figures: the campaigns they made (and sent from their mailbox). */
export const memberAnalytics = z.object({
  userId: z.number(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  ...openCounts,
});
export type MemberAnalytics = z.infer<typeof memberAnalytics>;

/** Sends, first replies and hard bounces of a mailbox, and their share of its sends. */
export const mailboxCounts = {
  sent: z.number(),
  replied: z.number(),
  replyRate: z.number(),
  bounced: z.number(),
  bounceRate: z.number(),
};

/**
 * One mailbox the workspace's campaigns sent from: what it sent for this workspace, and today's
 * use of its daily limit (the mailbox's, whichever workspace sends from it).
 */
export const mailboxAnalytics = z.object({
  mailboxId: z.number(),
  kind: z.enum(MAILBOX_KINDS),
  /** The From address its emails carry. */
  address: z.string(),
  /** Whose mailbox it is. */
  owner: z.string(),
  state: z.enum(MAILBOX_STATES),
  ...mailboxCounts,
  /** Emails it sent today (any workspace's, in its owner's day), and its daily limit. */
  sentToday: z.number(),
  dailyLimit: z.number(),
});
export type MailboxAnalytics = z.infer<typeof mailboxAnalytics>;

/** GET /api/analytics/overview: the user's totals and one row per campaign that has sent anything, newest first. */
export const analyticsOverview = z.object({
  totals: z.object(openCounts),
  campaigns: z.array(campaignAnalytics),
  /** The same figures by the member who made each campaign, most sent first. */
  members: z.array(memberAnalytics),
  /** The same sends, replies and bounces by the mailbox each email left from, most sent first. */
  mailboxes: z.array(mailboxAnalytics),
});
export type AnalyticsOverview = z.infer<typeof analyticsOverview>;

/** GET /api/analytics/daily query: the last `days` days (the user's time zone), optionally one campaign. */
export const dailyActivityQuery = z.object({
  days: z.coerce.number().int().min(1).max(365).default(30),
  campaignId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});

/** Sends, first opens, first replies and hard bounces per day; every day of the range is present, oldest first. */
export const dailyActivity = z.object({
  days: z.array(
    z.object({
      /** YYYY-MM-DD in the user's time zone. */
      day: z.string(),
      sent: z.number(),
      opened: z.number(),
      openedIncludingMachine: z.number(),
      /** First replies by a person and hard bounces, on the day they arrived. */
      replied: z.number(),
      bounced: z.number(),
    }),
  ),
});
export type DailyActivity = z.infer<typeof dailyActivity>;

export const sentEmailsSort = z.enum(['sentAt', 'subject']);
export const sentEmailsOpenedFilter = z.enum(['all', 'opened', 'unopened']);

/** GET /api/analytics/sent-emails query: one page of sent emails, sorted and filtered on the server. */
export const sentEmailsQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
  sort: sentEmailsSort.default('sentAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
  campaignId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  /** `opened`: a person opened it; `unopened`: no person did (machine opens may exist). */
  opened: sentEmailsOpenedFilter.default('all'),
});
export type SentEmailsQuery = z.infer<typeof sentEmailsQuery>;

export const sentEmailRow = z.object({
  id: z.number(),
  campaignId: z.number(),
  campaignName: z.string(),
  email: z.string(),
  subject: z.string(),
  sentAt: z.string(),
  /** A person opened it. */
  opened: z.boolean(),
  /** Only an image proxy fetched the pixel: probably not read. */
  openedByMachineOnly: z.boolean(),
  /** The first reply by a person (docs/product.md §12). */
  repliedAt: z.string().nullable(),
  /** Whether the address bounced, for good (hard) or for now (soft). */
  bounceKind: z.enum(BOUNCE_KINDS).nullable(),
  /** The recipient is on the user's suppression list by their own choice (link or emailed request). */
  unsubscribed: z.boolean(),
});
export type SentEmailRow = z.infer<typeof sentEmailRow>;

export const sentEmailsPage = z.object({
  items: z.array(sentEmailRow),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type SentEmailsPage = z.infer<typeof sentEmailsPage>;

/** GET /api/daily-email-stats/history query. */
export const dailyEmailHistoryQuery = z.object({
  days: z.coerce.number().int().min(1).max(90).default(14),
});

/** Sends counted against the daily limits, per day of the user's time zone, oldest first; every day present. */
export const dailyEmailHistory = z.object({
  days: z.array(
    z.object({
      day: z.string(),
      sentWithUnsubscribe: z.number(),
      sentWithoutUnsubscribe: z.number(),
    }),
  ),
});
export type DailyEmailHistory = z.infer<typeof dailyEmailHistory>;
