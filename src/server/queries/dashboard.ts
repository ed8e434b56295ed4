import { eq, sql } from 'drizzle-orm';
import { type Db, preparedQuery } from '../db/client';
import { campaignDailyStats, campaigns, emails, templates, users } from '../db/schema';

const userId = sql.placeholder('userId');

// One round trip, prepared: the dashboard is the first page every user sees. The outer user id is
// spelled out: in a one-table select Drizzle renders columns unqualified, and a bare "id" inside a
// subquery would mean that subquery's own table.
const totalsQuery = preparedQuery((db) =>
  db
    .select({
      campaigns: sql<number>`(select count(*)::int from ${campaigns}
        where ${campaigns.userId} = "users"."id" and ${campaigns.archivedAt} is null)`,
      templates: sql<number>`(select count(*)::int from ${templates}
        where ${templates.userId} = "users"."id" and ${templates.archivedAt} is null)`,
      failed: sql<number>`(select count(*)::int from ${emails}
        where ${emails.userId} = "users"."id" and ${emails.status} = 'failed')`,
      sent: sql<number>`(select coalesce(sum(${campaignDailyStats.sent}), 0)::int from ${campaignDailyStats}
        where ${campaignDailyStats.userId} = "users"."id")`,
      opened: sql<number>`(select coalesce(sum(${campaignDailyStats.humanOpened}), 0)::int from ${campaignDailyStats}
        where ${campaignDailyStats.userId} = "users"."id")`,
      replied: sql<number>`(select coalesce(sum(${campaignDailyStats.replied}), 0)::int from ${campaignDailyStats}
        where ${campaignDailyStats.userId} = "users"."id")`,
      bounced: sql<number>`(select coalesce(sum(${campaignDailyStats.bounced}), 0)::int from ${campaignDailyStats}
        where ${campaignDailyStats.userId} = "users"."id")`,
    })
    .from(users)
    .where(eq(users.id, userId))
    .prepare('dashboard_totals'),
);

/** Totals for one user's dashboard: small index-backed counts, and sends, opens, replies and bounces from the rollup. */
export async function dashboardTotals(db: Db, user: number) {
  const [row] = await totalsQuery(db).execute({ userId: user });
  return row ?? { campaigns: 0, templates: 0, failed: 0, sent: 0, opened: 0, replied: 0, bounced: 0 };
}
