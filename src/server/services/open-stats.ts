import type { z } from 'zod';
import type { openStats, unsubscriber } from '../../contract/emails';
import type { Db } from '../db/client';
import { countCampaignOpens, listHumanOpenedAddresses } from '../queries/opens';
import { listCampaignUnsubscribes } from '../queries/unsubscribes';
import { ownCampaign } from './campaigns';

/**
 * Opens per campaign. Only human opens count towards uniqueOpens and the rate: proxy prefetches
 * (DESIGN §10) open nearly everything and prove nothing, so they are reported apart.
 */
export async function getOpenStats(
  db: Db,
  userId: number,
  campaignId: number,
): Promise<z.infer<typeof openStats>> {
  const campaign = await ownCampaign(db, userId, campaignId);
  const counts = await countCampaignOpens(db, userId, campaignId);
  return {
    ...counts,
    totalRecipients: campaign.recipientCount,
    openRate: counts.sent === 0 ? 0 : (counts.uniqueOpens / counts.sent) * 100,
  };
}

export async function listOpenedEmails(db: Db, userId: number, campaignId: number): Promise<string[]> {
  await ownCampaign(db, userId, campaignId);
  return listHumanOpenedAddresses(db, userId, campaignId);
}

export async function listUnsubscribers(
  db: Db,
  userId: number,
  campaignId: number,
): Promise<z.infer<typeof unsubscriber>[]> {
  await ownCampaign(db, userId, campaignId);
  const rows = await listCampaignUnsubscribes(db, userId, campaignId);
  return rows.map((r) => ({ id: r.id, email: r.email, createdAt: r.createdAt.toISOString() }));
}
