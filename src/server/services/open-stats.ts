import type { z } from 'zod';
import type { openStats, unsubscriber } from '../../contract/emails';
import type { Db } from '../db/client';
import type { WorkspaceId } from '../db/schema';
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
  workspaceId: WorkspaceId,
  campaignId: number,
): Promise<z.infer<typeof openStats>> {
  const campaign = await ownCampaign(db, workspaceId, campaignId);
  const [totals, machineOpens] = await Promise.all([
    rollupTotals(db, workspaceId, campaignId),
    countMachineOpens(db, workspaceId, campaignId),
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

export async function listOpenedEmails(
  db: Db,
  workspaceId: WorkspaceId,
  campaignId: number,
): Promise<string[]> {
  await ownCampaign(db, workspaceId, campaignId);
  return listHumanOpenedAddresses(db, workspaceId, campaignId);
}

export async function listUnsubscribers(
  db: Db,
  workspaceId: WorkspaceId,
  campaignId: number,
): Promise<z.infer<typeof unsubscriber>[]> {
  await ownCampaign(db, workspaceId, campaignId);
  const rows = await listCampaignUnsubscribes(db, workspaceId, campaignId);
  return rows.map((r) => ({ id: r.id, email: r.email, createdAt: r.createdAt.toISOString() }));
}
