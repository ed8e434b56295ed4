import { and, eq, gte, isNotNull, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { SentEmailsQuery } from '../../contract/analytics';
import { type Db, selectRows } from '../db/client';
import { campaignDailyStats, campaigns, emails, recipients, sendQuota, unsubscribes } from '../db/schema';

/** Sends and unique opens per campaign from the daily rollup (a few rows per campaign, not a row per email). */
export async function campaignTotals(db: Db, userId: number) {
  return selectRows<{
    campaignId: number;
    name: string;
    status: string;
    archived: boolean;
    sent: number;
    opened: number;
    openedIncludingMachine: number;
  }>(
    db,
    sql`
    select c.id as "campaignId", c.name, c.status, c.archived_at is not null as archived,
           sum(s.sent)::int as sent, sum(s.human_opened)::int as opened, sum(s.opened)::int as "openedIncludingMachine"
    from ${campaignDailyStats} s
    join ${campaigns} c on c.id = s.campaign_id
    where s.user_id = ${userId}
    group by c.id
    having sum(s.sent) > 0
    order by c.created_at desc, c.id desc`,
  );
}

/** Unsubscribes per campaign they came from. */
export async function unsubscribesPerCampaign(db: Db, userId: number) {
  const rows = await db
    .select({ campaignId: unsubscribes.campaignId, n: sql<number>`count(*)::int` })
    .from(unsubscribes)
    .where(eq(unsubscribes.userId, userId))
    .groupBy(unsubscribes.campaignId);
  return new Map(rows.map((r) => [r.campaignId, r.n]));
}

/** Rollup sums for a user, or one of their campaigns. */
export async function rollupTotals(db: Db, userId: number, campaignId?: number) {
  const [row] = await db
    .select({
      sent: sql<number>`coalesce(sum(${campaignDailyStats.sent}), 0)::int`,
      opened: sql<number>`coalesce(sum(${campaignDailyStats.humanOpened}), 0)::int`,
      openedIncludingMachine: sql<number>`coalesce(sum(${campaignDailyStats.opened}), 0)::int`,
    })
    .from(campaignDailyStats)
    .where(
      and(
        eq(campaignDailyStats.userId, userId),
        campaignId === undefined ? undefined : eq(campaignDailyStats.campaignId, campaignId),
      ),
    );
  return row ?? { sent: 0, opened: 0, openedIncludingMachine: 0 };
}

/** Per-day sums between two calendar days (inclusive); days without activity are absent. */
export async function rollupPerDay(db: Db, userId: number, from: string, to: string, campaignId?: number) {
  return db
    .select({
      day: campaignDailyStats.day,
      sent: sql<number>`sum(${campaignDailyStats.sent})::int`,
      opened: sql<number>`sum(${campaignDailyStats.humanOpened})::int`,
      openedIncludingMachine: sql<number>`sum(${campaignDailyStats.opened})::int`,
    })
    .from(campaignDailyStats)
    .where(
      and(
        eq(campaignDailyStats.userId, userId),
        gte(campaignDailyStats.day, from),
        lte(campaignDailyStats.day, to),
        campaignId === undefined ? undefined : eq(campaignDailyStats.campaignId, campaignId),
      ),
    )
    .groupBy(campaignDailyStats.day);
}

/**
 * One page of sent emails. Each order matches a partial index on sent emails exactly (nulls
 * included), so a page reads its rows from the index instead of sorting a million.
 */
export async function sentEmailsPage(db: Db, userId: number, query: SentEmailsQuery) {
  const desc = query.order === 'desc';
  const order: SQL[] =
    query.sort === 'sentAt'
      ? desc
        ? [sql`${emails.sentAt} desc nulls last`, sql`${emails.id} desc nulls last`]
        : [sql`${emails.sentAt} asc nulls first`, sql`${emails.id} asc nulls first`]
      : desc
        ? [sql`${emails.subject} desc nulls first`, sql`${emails.id} desc nulls first`]
        : [sql`${emails.subject} asc nulls last`, sql`${emails.id} asc nulls last`];
  return db
    .select({
      id: emails.id,
      campaignId: emails.campaignId,
      campaignName: campaigns.name,
      email: recipients.email,
      subject: emails.subject,
      sentAt: emails.sentAt,
      openedAt: emails.openedAt,
      humanOpenedAt: emails.humanOpenedAt,
    })
    .from(emails)
    .innerJoin(recipients, eq(recipients.id, emails.recipientId))
    .innerJoin(campaigns, eq(campaigns.id, emails.campaignId))
    .where(
      and(
        eq(emails.userId, userId),
        eq(emails.status, 'sent'),
        query.campaignId === undefined ? undefined : eq(emails.campaignId, query.campaignId),
        query.opened === 'opened' ? isNotNull(emails.humanOpenedAt) : undefined,
        query.opened === 'unopened' ? isNull(emails.humanOpenedAt) : undefined,
      ),
    )
    .orderBy(...order)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
}

/** Sends counted against the daily limits, per day between two calendar days (inclusive). */
export async function quotaPerDay(db: Db, userId: number, from: string, to: string) {
  return db
    .select()
    .from(sendQuota)
    .where(and(eq(sendQuota.userId, userId), gte(sendQuota.day, from), lte(sendQuota.day, to)));
}
