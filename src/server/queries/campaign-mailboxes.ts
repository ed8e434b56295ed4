import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { campaignMailboxes, mailboxes } from '../db/schema';

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
