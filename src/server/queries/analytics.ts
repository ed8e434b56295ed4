import { and, desc, eq, gte, inArray, isNotNull, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { SentEmailsQuery } from '../../contract/analytics';
import type { Db } from '../db/client';
import { preparedQuery, preparedVariants } from '../db/prepared';
import {
  campaignDailyStats,
  campaignStats,
  campaignSteps,
  campaigns,
  emails,
  mailboxes,
  recipients,
  sendQuota,
  unsubscribes,
  users,
  type WorkspaceId,
  workspaces,
} from '../db/schema';

// Every query here runs on each Analytics page load: all are prepared statements (see preparedQuery).
const workspaceId = sql.placeholder('workspaceId');
const userId = sql.placeholder('userId');
const campaignId = sql.placeholder('campaignId');
const from = sql.placeholder('from');
const to = sql.placeholder('to');
const stats = campaignDailyStats;

/**
 * The rollups are kept per campaign (and mailbox owner) by triggers; a workspace's rows are those
 * of its campaigns, a few hundred ids off the campaigns' workspace index.
 */
const ofWorkspace = (campaignColumn: typeof stats.campaignId | typeof campaignStats.campaignId) =>
  sql`${campaignColumn} in (select ${campaigns.id} from ${campaigns} where ${campaigns.workspaceId} = ${workspaceId})`;

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
      makerId: campaigns.userId,
      makerEmail: users.email,
      makerName: sql<string | null>`nullif(concat_ws(' ', ${users.firstName}, ${users.lastName}), '')`,
    })
    .from(campaignStats)
    .innerJoin(campaigns, eq(campaigns.id, campaignStats.campaignId))
    .innerJoin(users, eq(users.id, campaigns.userId))
    .where(eq(campaigns.workspaceId, workspaceId))
    .orderBy(desc(campaigns.createdAt), desc(campaigns.id))
    .prepare('analytics_campaign_totals'),
);

/**
 * Each campaign with a rollup row (one that sent, or was unsubscribed from, at some point): its
 * all-time sends, unique opens, unsubscribes, replies and hard bounces. One round trip serves both
 * the Analytics table (the campaigns that sent) and the unsubscribe total (all of them).
 */
export function campaignTotals(db: Db, workspace: WorkspaceId) {
  return campaignTotalsQuery(db).execute({ workspaceId: workspace });
}

type Scope = 'workspace' | 'campaign';

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
    .where(
      and(ofWorkspace(stats.campaignId), scope === 'campaign' ? eq(stats.campaignId, campaignId) : undefined),
    )
    .prepare(`analytics_rollup_totals_${scope}`),
);

/** Rollup sums for a workspace, or one of its campaigns. */
export async function rollupTotals(db: Db, workspace: WorkspaceId, campaign?: number) {
  const [row] = await rollupTotalsQuery(db, campaign === undefined ? 'workspace' : 'campaign').execute({
    workspaceId: workspace,
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
        ofWorkspace(stats.campaignId),
        gte(stats.day, sql`${from}::date`),
        lte(stats.day, sql`${to}::date`),
        scope === 'campaign' ? eq(stats.campaignId, campaignId) : undefined,
      ),
    )
    .groupBy(stats.day)
    .prepare(`analytics_rollup_per_day_${scope}`),
);

/** Per-day sums between two calendar days (inclusive); days without activity are absent. */
export function rollupPerDay(
  db: Db,
  workspace: WorkspaceId,
  fromDay: string,
  toDay: string,
  campaign?: number,
) {
  return rollupPerDayQuery(db, campaign === undefined ? 'workspace' : 'campaign').execute({
    workspaceId: workspace,
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

/**
 * The sent answers to replies (step 0) the Sent Emails filter matches. They left the mailbox, so
 * the list shows them, but the rollup counts only the campaigns' steps: the filter's total adds
 * these. Only answers name a reply, so the count reads them off their own partial index
 * (emails_answers_inbound_idx, whose predicate this repeats), never the campaigns' sent emails.
 * An answer carries no pixel: never opened.
 */
function sentAnswers(scope: Scope, opened: SentEmailsQuery['opened']) {
  return sql`(select count(*) from ${emails} a
    where a.answers_inbound_id is not null and a.workspace_id = ${workspaceId} and a.status = 'sent'
      ${scope === 'campaign' ? sql`and a.campaign_id = ${campaignId}` : sql``}
      ${opened === 'opened' ? sql`and a.human_opened_at is not null` : opened === 'unopened' ? sql`and a.human_opened_at is null` : sql``})`;
}

const sentAnswersQuery = preparedVariants((db, variant: `${Scope}-${SentEmailsQuery['opened']}`) => {
  const [scope, opened] = variant.split('-') as [Scope, SentEmailsQuery['opened']];
  return db
    .select({ n: sql<number>`${sentAnswers(scope, opened)}::int` })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId))
    .prepare(`analytics_sent_answers_${scope}_${opened}`);
});

/** How many sent answers to replies the Sent Emails filter matches (on top of the rollup's figure). */
export async function sentAnswersCount(db: Db, workspace: WorkspaceId, query: SentEmailsQuery) {
  const scope: Scope = query.campaignId === undefined ? 'workspace' : 'campaign';
  const [row] = await sentAnswersQuery(db, `${scope}-${query.opened}`).execute({
    workspaceId: workspace,
    campaignId: query.campaignId,
  });
  return row?.n ?? 0;
}

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
        eq(emails.workspaceId, workspaceId),
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
    ofWorkspace(stats.campaignId),
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
      total: sql<number>`(select (${total})::int from ${stats} where ${inScope}) + ${sentAnswers(scope, opened)}::int`,
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
      // In the same round trip, off the suppression list's (workspace, lower(email)) index. A hard bounce
      // suppresses the address too, but the Response column already shows that.
      unsubscribed: sql<boolean>`exists (
        select 1 from ${unsubscribes}
        where ${unsubscribes.workspaceId} = ${emails.workspaceId}
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
 * One page of sent emails (answers to replies among them), sorted and filtered as asked; each row
 * carries the filter's total (the number of sent emails it matches: the rollup's, plus the sent
 * answers). An empty page carries none: ask rollupTotals and sentAnswersCount.
 */
export function sentEmailsPage(db: Db, workspace: WorkspaceId, query: SentEmailsQuery) {
  const scope: Scope = query.campaignId === undefined ? 'workspace' : 'campaign';
  return sentEmailsPageQuery(db, `${query.sort}-${query.order}-${scope}-${query.opened}`).execute({
    workspaceId: workspace,
    campaignId: query.campaignId,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
}

const quotaPerDayQuery = preparedQuery((db) =>
  db
    .select({
      day: sendQuota.day,
      sentWithUnsubscribe: sql<number>`sum(${sendQuota.sentWithUnsubscribe})::int`,
      sentWithoutUnsubscribe: sql<number>`sum(${sendQuota.sentWithoutUnsubscribe})::int`,
    })
    .from(sendQuota)
    .innerJoin(mailboxes, eq(mailboxes.id, sendQuota.mailboxId))
    .where(
      and(
        eq(mailboxes.userId, userId),
        gte(sendQuota.day, sql`${from}::date`),
        lte(sendQuota.day, sql`${to}::date`),
      ),
    )
    .groupBy(sendQuota.day)
    .prepare('analytics_quota_per_day'),
);

/** Sends counted against a person's mailboxes' daily limits, per day between two calendar days (inclusive). */
export function quotaPerDay(db: Db, user: number, fromDay: string, toDay: string) {
  return quotaPerDayQuery(db).execute({ userId: user, from: fromDay, to: toDay });
}
