import { and, count, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { campaigns, emails, templates } from '../db/schema';
import { rollupTotals } from './analytics';

/** Totals for one user's dashboard: small index-backed counts, and sends and opens from the rollup. */
export async function dashboardTotals(db: Db, userId: number) {
  const [campaignCount, templateCount, failedCount, sends] = await Promise.all([
    db
      .select({ n: count() })
      .from(campaigns)
      .where(and(eq(campaigns.userId, userId), isNull(campaigns.archivedAt))),
    db
      .select({ n: count() })
      .from(templates)
      .where(and(eq(templates.userId, userId), isNull(templates.archivedAt))),
    db
      .select({ n: count() })
      .from(emails)
      .where(and(eq(emails.userId, userId), eq(emails.status, 'failed'))),
    rollupTotals(db, userId),
  ]);
  return {
    campaigns: campaignCount[0]?.n ?? 0,
    templates: templateCount[0]?.n ?? 0,
    sent: sends.sent,
    failed: failedCount[0]?.n ?? 0,
    opened: sends.opened,
  };
}
