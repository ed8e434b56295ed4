import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { campaigns, emails } from '../db/schema';

type EmailRow = typeof emails.$inferSelect;

/** Counts a campaign's emails by status, to derive the campaign's own status. */
export async function campaignEmailStates(db: Db, campaignId: number) {
  const rows = await db
    .select({ status: emails.status, n: sql<number>`count(*)::int` })
    .from(emails)
    .where(eq(emails.campaignId, campaignId))
    .groupBy(emails.status);
  return Object.fromEntries(rows.map((r) => [r.status, r.n])) as Partial<Record<EmailRow['status'], number>>;
}

export async function setCampaignStatus(
  db: Db,
  campaignId: number,
  status: (typeof campaigns.$inferSelect)['status'],
) {
  await db
    .update(campaigns)
    .set({ status, updatedAt: new Date() })
    .where(
      and(
        eq(campaigns.id, campaignId),
        sql`${campaigns.status} not in ('draft', 'generating')`,
        sql`${campaigns.status} <> ${status}`,
      ),
    );
}

/** Whether any email of the campaign is queued or being sent (one index probe). */
export async function hasEmailsInFlight(db: Db, campaignId: number) {
  const [row] = await db
    .select({ one: sql`1` })
    .from(emails)
    .where(and(eq(emails.campaignId, campaignId), inArray(emails.status, ['queued', 'sending'])))
    .limit(1);
  return row !== undefined;
}
