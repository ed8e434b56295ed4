import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { campaignMailboxes, mailboxes } from '../db/schema';

/**
 * The ids of the mailboxes a campaign sends from, as a subquery: those it names, else its maker's
 * default. The one rule the assignment, the campaign's limits and the preview read.
 */
export const sendingMailboxIds = (campaignId: SQL, makerId: SQL) => sql`
  select cm.mailbox_id from campaign_mailboxes cm where cm.campaign_id = ${campaignId}
  union all
  select d.id from mailboxes d where d.user_id = ${makerId} and d.is_default
    and not exists (select 1 from campaign_mailboxes named where named.campaign_id = ${campaignId})`;

/** The mailboxes a campaign names (empty: its maker's default). */
export async function campaignMailboxIds(db: Db, campaignId: number): Promise<number[]> {
  const rows = await db
    .select({ id: campaignMailboxes.mailboxId })
    .from(campaignMailboxes)
    .where(eq(campaignMailboxes.campaignId, campaignId))
    .orderBy(asc(campaignMailboxes.mailboxId));
  return rows.map((r) => r.id);
}

/** Which of these mailbox ids are this person's. */
export async function ownMailboxIds(db: Db, userId: number, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: mailboxes.id })
    .from(mailboxes)
    .where(and(eq(mailboxes.userId, userId), inArray(mailboxes.id, ids)));
  return rows.map((r) => r.id);
}

/** Replaces the campaign's list of mailboxes. */
export async function replaceCampaignMailboxes(db: Db, campaignId: number, ids: number[]) {
  await db.transaction(async (tx) => {
    await tx.delete(campaignMailboxes).where(eq(campaignMailboxes.campaignId, campaignId));
    if (ids.length > 0)
      await tx.insert(campaignMailboxes).values(ids.map((mailboxId) => ({ campaignId, mailboxId })));
  });
}
