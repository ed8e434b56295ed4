import { asc, eq, inArray } from 'drizzle-orm';
import type { CampaignStep } from '../../contract/campaigns';
import type { Db } from '../db/client';
import { campaignSteps } from '../db/schema';

/** The follow-up steps (2 and up) of each of these campaigns, in order. */
export async function stepsOfCampaigns(db: Db, campaignIds: number[]): Promise<Map<number, CampaignStep[]>> {
  const found = new Map<number, CampaignStep[]>(campaignIds.map((id) => [id, []]));
  if (campaignIds.length === 0) return found;
  const rows = await db
    .select()
    .from(campaignSteps)
    .where(inArray(campaignSteps.campaignId, campaignIds))
    .orderBy(asc(campaignSteps.campaignId), asc(campaignSteps.step));
  for (const row of rows)
    found.get(row.campaignId)?.push({
      delayDays: row.delayDays,
      businessDays: row.businessDays,
      templateId: row.templateId,
    });
  return found;
}

export async function stepsOfCampaign(db: Db, campaignId: number): Promise<CampaignStep[]> {
  return (await stepsOfCampaigns(db, [campaignId])).get(campaignId) ?? [];
}

/** Replaces a campaign's follow-up steps: the first of `steps` becomes step 2. */
export async function replaceCampaignSteps(db: Db, campaignId: number, steps: CampaignStep[]) {
  await db.transaction(async (tx) => {
    await tx.delete(campaignSteps).where(eq(campaignSteps.campaignId, campaignId));
    if (steps.length === 0) return;
    await tx.insert(campaignSteps).values(steps.map((s, i) => ({ campaignId, step: i + 2, ...s })));
  });
}
