import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { campaigns } from '../db/schema';

export type CampaignRow = typeof campaigns.$inferSelect;

/** The user's active (not archived) campaigns, newest first. */
export async function listActiveCampaigns(db: Db, userId: number): Promise<CampaignRow[]> {
  return db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.userId, userId), isNull(campaigns.archivedAt)))
    .orderBy(desc(campaigns.createdAt), desc(campaigns.id));
}
