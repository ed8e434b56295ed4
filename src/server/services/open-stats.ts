import type { z } from 'zod';
import type { openStats, unsubscriber } from '../../contract/emails';
import type { Db } from '../db/client';
import { rollupTotals } from '../queries/analytics';
import { countMachineOpens, listHumanOpenedAddresses } from '../queries/opens';
import { listCampaignUnsubscribes } from '../queries/unsubscribes';
import { percent } from './analytics';
import { ownCampaign } from './campaigns';

/**
 * Opens per campaign. Only human opens count towards uniqueOpens and the rate: proxy prefetches
 * (docs/product.md §7) open nearly everything and prove nothing, so they are reported apart.
 */
export async function getOpenStats(
  db: Db,
  userId: number,
  campaignId: number,
): Promise<z.infer<typeof openStats>> {
  const campaign = await ownCampaign(db, userId, campaignId);
  const [totals, machineOpens] = await Promise.all([
    rollupTotals(db, userId, campaignId),
    countMachineOpens(db, userId, campaignId),
  ]);
  return {
    sent: totals.sent,
    uniqueOpens: totals.opened,
    uniqueOpensIncludingMachine: totals.openedIncludingMachine,
    machineOpens,
    totalRecipients: campaign.recipientCount,
    openRate: percent(totals.opened, totals.sent),
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
