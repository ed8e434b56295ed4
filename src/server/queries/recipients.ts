import { and, asc, count, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { recipients } from '../db/schema';

export async function listRecipientPage(db: Db, campaignId: number, limit: number, offset: number) {
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(recipients)
      .where(eq(recipients.campaignId, campaignId))
      .orderBy(asc(recipients.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(recipients).where(eq(recipients.campaignId, campaignId)),
  ]);
  return { items, total: total?.n ?? 0 };
}

/**
 * Recipients of a campaign after `afterId` that have no email for `step` yet, in row order (what generation
 * still has to do). Paging by id lets the next page be read while the previous one is written.
 */
export async function recipientsWithoutEmail(
  db: Db,
  campaignId: number,
  step: number,
  afterId: number,
  limit: number,
) {
  return db
    .select()
    .from(recipients)
    .where(
      and(
        eq(recipients.campaignId, campaignId),
        gt(recipients.id, afterId),
        sql`not exists (select 1 from emails e where e.recipient_id = ${recipients.id} and e.step = ${step}::integer)`,
      ),
    )
    .orderBy(asc(recipients.id))
    .limit(limit);
}
