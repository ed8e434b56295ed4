import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { campaigns, emailOpens, emails, templates } from '../db/schema';

/** Totals for one user's dashboard, each from an index-backed count. */
export async function dashboardTotals(db: Db, userId: number) {
  const [campaignCount, templateCount, emailCounts] = await Promise.all([
    db
      .select({ n: count() })
      .from(campaigns)
      .where(and(eq(campaigns.userId, userId), isNull(campaigns.archivedAt))),
    db
      .select({ n: count() })
      .from(templates)
      .where(and(eq(templates.userId, userId), isNull(templates.archivedAt))),
    db
      .select({
        sent: sql<number>`count(*) filter (where ${emails.status} = 'sent')`.mapWith(Number),
        failed: sql<number>`count(*) filter (where ${emails.status} = 'failed')`.mapWith(Number),
        // Spelled out: in a one-table select Drizzle renders columns unqualified, and a bare "id"
        // inside the subquery would mean the open's own id.
        opened: sql<number>`count(*) filter (where ${emails.status} = 'sent' and exists (
          select 1 from ${emailOpens} o where o.email_id = "emails"."id" and not o.is_machine))`.mapWith(
          Number,
        ),
      })
      .from(emails)
      .where(and(eq(emails.userId, userId), sql`${emails.status} in ('sent', 'failed')`)),
  ]);
  return {
    campaigns: campaignCount[0]?.n ?? 0,
    templates: templateCount[0]?.n ?? 0,
    sent: emailCounts[0]?.sent ?? 0,
    failed: emailCounts[0]?.failed ?? 0,
    opened: emailCounts[0]?.opened ?? 0,
  };
}
