import { and, desc, eq, gte, inArray, isNotNull, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { SentEmailsQuery } from '../../contract/analytics';
import { type Db, preparedQuery, preparedVariants } from '../db/client';
import {
  campaignDailyStats,
  campaignStats,
  campaignSteps,
  campaigns,
  emails,
  recipients,
  sendQuota,
  unsubscribes,
} from '../db/schema';

// Every query here runs on each Analytics page load: all are prepared statements (see preparedQuery).
const userId = sql.placeholder('userId');
const campaignId = sql.placeholder('campaignId');
const from = sql.placeholder('from');
const to = sql.placeholder('to');
const stats = campaignDailyStats;

const campaignTotalsQuery = preparedQuery((db) =>
  db
    .select({
      campaignId: campaigns.id,
      name: campaigns.name,
      status: campaigns.status,
      archived: sql<boolean>`${campaigns.archivedAt} is not null`,
      hasFollowUps: sql<boolean>`exists (select 1 from ${campaignSteps} where ${campaignSteps.campaignId} = ${campaigns.id})`,
      sent: campaignStats.sent,
      opened: campaignStats.humanOpened,
      openedIncludingMachine: campaignStats.opened,
      unsubscribes: campaignStats.unsubscribes,
      replied: campaignStats.replied,
      bounced: campaignStats.bounced,
    })
    .from(campaignStats)
    .innerJoin(campaigns, eq(campaigns.id, campaignStats.campaignId))
    .where(eq(campaignStats.userId, userId))
    .orderBy(desc(campaigns.createdAt), desc(campaigns.id))
    .prepare('analytics_campaign_totals'),
);

/**
 * Each campaign with a rollup row (one that sent, or was unsubscribed from, at some point): its
 * all-time sends, unique opens, unsubscribes, replies and hard bounces. One round trip serves both
 * the Analytics table (the campaigns that sent) and the unsubscribe total (all of them).
 */
export function campaignTotals(db: Db, user: number) {
  return campaignTotalsQuery(db).execute({ userId: user });
}

type Scope = 'user' | 'campaign';

const rollupTotalsQuery = preparedVariants((db, scope: Scope) =>
  db
    .select({
      sent: sql<number>`coalesce(sum(${stats.sent}), 0)::int`,
      opened: sql<number>`coalesce(sum(${stats.humanOpened}), 0)::int`,
      openedIncludingMachine: sql<number>`coalesce(sum(${stats.opened}), 0)::int`,
      replied: sql<number>`coalesce(sum(${stats.replied}), 0)::int`,
      bounced: sql<number>`coalesce(sum(${stats.bounced}), 0)::int`,
    })
    .from(stats)
    .where(and(eq(stats.userId, userId), scope === 'campaign' ? eq(stats.campaignId, campaignId) : undefined))
    .prepare(`analytics_rollup_totals_${scope}`),
);

/** Rollup sums for a user, or one of their campaigns. */
export async function rollupTotals(db: Db, user: number, campaign?: number) {
  const [row] = await rollupTotalsQuery(db, campaign === undefined ? 'user' : 'campaign').execute({
    userId: user,
    campaignId: campaign,
  });
  return row ?? { sent: 0, opened: 0, openedIncludingMachine: 0, replied: 0, bounced: 0 };
}

const rollupPerDayQuery = preparedVariants((db, scope: Scope) =>
  db
    .select({
      day: stats.day,
      sent: sql<number>`sum(${stats.sent})::int`,
      opened: sql<number>`sum(${stats.humanOpened})::int`,
      openedIncludingMachine: sql<number>`sum(${stats.opened})::int`,
      replied: sql<number>`sum(${stats.replied})::int`,
      bounced: sql<number>`sum(${stats.bounced})::int`,
    })
    .from(stats)
    .where(
      and(
        eq(stats.userId, userId),
        gte(stats.day, sql`${from}::date`),
        lte(stats.day, sql`${to}::date`),
        scope === 'campaign' ? eq(stats.campaignId, campaignId) : undefined,
      ),
    )
    .groupBy(stats.day)
    .prepare(`analytics_rollup_per_day_${scope}`),
);

/** Per-day sums between two calendar days (inclusive); days without activity are absent. */
export function rollupPerDay(db: Db, user: number, fromDay: string, toDay: string, campaign?: number) {
  return rollupPerDayQuery(db, campaign === undefined ? 'user' : 'campaign').execute({
    userId: user,
    from: fromDay,
    to: toDay,
    campaignId: campaign,
  });
}

/**
 * Each order matches a partial index on sent emails exactly (nulls included), so a page reads
 * its rows from the index instead of sorting a million.
 */
const ORDERS: Record<`${SentEmailsQuery['sort']}-${SentEmailsQuery['order']}`, SQL[]> = {
  'sentAt-desc': [sql`${emails.sentAt} desc nulls last`, sql`${emails.id} desc nulls last`],
  'sentAt-asc': [sql`${emails.sentAt} asc nulls first`, sql`${emails.id} asc nulls first`],
  'subject-desc': [sql`${emails.subject} desc nulls first`, sql`${emails.id} desc nulls first`],
  'subject-asc': [sql`${emails.subject} asc nulls last`, sql`${emails.id} asc nulls last`],
};

type PageVariant = `${keyof typeof ORDERS}-${Scope}-${SentEmailsQuery['opened']}`;

const sentEmailsPageQuery = preparedVariants((db, variant: PageVariant) => {
  const [sort, order, scope, opened] = variant.split('-') as [
    string,
    string,
    Scope,
    SentEmailsQuery['opened'],
  ];
  const orderBy = ORDERS[`${sort}-${order}` as keyof typeof ORDERS];
  // The page's ids first, straight off the index; only those 25 rows are then joined (joining
  // before the offset would join every skipped row too).
  const pageIds = db
    .select({ id: emails.id })
    .from(emails)
    .where(
      and(
        eq(emails.userId, userId),
        // A literal, not a parameter: the partial indexes' predicate must be provable from the plan.
        sql`${emails.status} = 'sent'`,
        scope === 'campaign' ? eq(emails.campaignId, campaignId) : undefined,
        opened === 'opened' ? isNotNull(emails.humanOpenedAt) : undefined,
        opened === 'unopened' ? isNull(emails.humanOpenedAt) : undefined,
      ),
    )
    .orderBy(...orderBy)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'));
  // The filter's total from the rollup, in the same round trip: an uncorrelated subquery, which
  // PostgreSQL runs once per statement, not once per row.
  const inScope = and(
    eq(stats.userId, userId),
    scope === 'campaign' ? eq(stats.campaignId, campaignId) : undefined,
  );
  const total =
    opened === 'opened'
      ? sql`coalesce(sum(${stats.humanOpened}), 0)`
      : opened === 'unopened'
        ? sql`coalesce(sum(${stats.sent}) - sum(${stats.humanOpened}), 0)`
        : sql`coalesce(sum(${stats.sent}), 0)`;
  return db
    .select({
      total: sql<number>`(select (${total})::int from ${stats} where ${inScope})`,
      id: emails.id,
      campaignId: emails.campaignId,
      campaignName: campaigns.name,
      email: recipients.email,
      subject: emails.subject,
      sentAt: emails.sentAt,
      openedAt: emails.openedAt,
      humanOpenedAt: emails.humanOpenedAt,
      repliedAt: emails.repliedAt,
      bounceKind: emails.bounceKind,
      // In the same round trip, off the suppression list's (user, lower(email)) index. A hard bounce
      // suppresses the address too, but the Response column already shows that.
      unsubscribed: sql<boolean>`exists (
        select 1 from ${unsubscribes}
        where ${unsubscribes.userId} = ${emails.userId}
          and lower(${unsubscribes.email}) = lower(${recipients.email})
          and ${unsubscribes.reason} <> 'bounced')`,
    })
    .from(emails)
    .innerJoin(recipients, eq(recipients.id, emails.recipientId))
    .innerJoin(campaigns, eq(campaigns.id, emails.campaignId))
    .where(inArray(emails.id, pageIds))
    .orderBy(...orderBy)
    .prepare(`analytics_sent_emails_${variant.replaceAll('-', '_')}`);
});

/**
 * One page of sent emails, sorted and filtered as asked; each row carries the filter's total (the
 * number of sent emails it matches, from the rollup). An empty page carries none: ask rollupTotals.
 */
export function sentEmailsPage(db: Db, user: number, query: SentEmailsQuery) {
  const scope: Scope = query.campaignId === undefined ? 'user' : 'campaign';
  return sentEmailsPageQuery(db, `${query.sort}-${query.order}-${scope}-${query.opened}`).execute({
    userId: user,
    campaignId: query.campaignId,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
}

const quotaPerDayQuery = preparedQuery((db) =>
  db
    .select()
    .from(sendQuota)
    .where(
      and(
        eq(sendQuota.userId, userId),
        gte(sendQuota.day, sql`${from}::date`),
        lte(sendQuota.day, sql`${to}::date`),
      ),
    )
    .prepare('analytics_quota_per_day'),
);

/** Sends counted against the daily limits, per day between two calendar days (inclusive). */
export function quotaPerDay(db: Db, user: number, fromDay: string, toDay: string) {
  return quotaPerDayQuery(db).execute({ userId: user, from: fromDay, to: toDay });
}
