import { and, asc, count, eq, gt, param, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { campaigns, recipients } from '../db/schema';

export type RecipientBatch = {
  emails: string[];
  companies: (string | null)[];
  jobTitles: (string | null)[];
  /** Each row's whole CSV record as JSON text. */
  data: string[];
  rowNumbers: number[];
};

/**
 * Inserts a batch in one statement from parallel arrays (`unnest`), several times faster than a
 * multi-row VALUES list (DESIGN.md §11). Duplicates of an address already in the campaign — or
 * earlier in the same batch — are skipped by the unique index; the row numbers that went in are
 * returned so the caller can report the rest.
 */
export async function insertRecipientBatch(
  db: Db,
  campaignId: number,
  batch: RecipientBatch,
): Promise<Set<number>> {
  const result = (await db.execute(sql`
    insert into ${recipients} (campaign_id, email, company, job_title, data, row_number)
    select ${campaignId}, t.email, t.company, t.job_title, t.data::jsonb, t.row_number
    from unnest(${param(batch.emails)}::text[], ${param(batch.companies)}::text[], ${param(batch.jobTitles)}::text[],
                ${param(batch.data)}::text[], ${param(batch.rowNumbers)}::int[])
      as t(email, company, job_title, data, row_number)
    on conflict do nothing
    returning row_number`)) as unknown as { rows: { row_number: number }[] };
  return new Set(result.rows.map((r) => Number(r.row_number)));
}

export async function deleteCampaignRecipients(db: Db, campaignId: number) {
  await db.delete(recipients).where(eq(recipients.campaignId, campaignId));
}

export async function setRecipientCount(db: Db, campaignId: number, mapping: Record<string, string>) {
  await db
    .update(campaigns)
    .set({
      recipientCount: sql`(select count(*)::int from ${recipients} where ${recipients.campaignId} = ${campaignId})`,
      columnMapping: mapping,
      updatedAt: new Date(),
    })
    .where(eq(campaigns.id, campaignId));
}

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
 * Recipients of a campaign after `afterId` that have no email yet, in row order (what generation
 * still has to do). Paging by id lets the next page be read while the previous one is written.
 */
export async function recipientsWithoutEmail(db: Db, campaignId: number, afterId: number, limit: number) {
  return db
    .select()
    .from(recipients)
    .where(
      and(
        eq(recipients.campaignId, campaignId),
        gt(recipients.id, afterId),
        sql`not exists (select 1 from emails e where e.recipient_id = ${recipients.id})`,
      ),
    )
    .orderBy(asc(recipients.id))
    .limit(limit);
}
