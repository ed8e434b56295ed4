import type { Campaign } from '../../contract/campaigns';
import type { Db } from '../db/client';
import { type CampaignRow, listActiveCampaigns } from '../queries/campaigns';

export async function listCampaigns(db: Db, userId: number): Promise<Campaign[]> {
  return (await listActiveCampaigns(db, userId)).map(presentCampaign);
}

export function presentCampaign(row: CampaignRow): Campaign {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    notes: row.notes,
    status: row.status,
    templateId: row.templateId,
    recipientCount: row.recipientCount,
    columnMapping: row.columnMapping,
    includeUnsubscribeLink: row.includeUnsubscribeLink,
    unsubscribeMessage: row.unsubscribeMessage,
    createdAt: row.createdAt.toISOString(),
    archivedAt: row.archivedAt?.toISOString() ?? null,
  };
}
