import { and, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { preparedQuery } from '../db/prepared';
import { campaignStats, campaigns, emails, templates, type WorkspaceId } from '../db/schema';
import { recordAudit } from './audit';

export type CampaignRow = typeof campaigns.$inferSelect;
export type CampaignValues = Pick<
  CampaignRow,
  | 'name'
  | 'description'
  | 'notes'
  | 'templateId'
  | 'includeUnsubscribeLink'
  | 'unsubscribeMessage'
  | 'trackOpens'
  | 'checkClaimsWithAi'
  | 'senderProfile'
  | 'columnMapping'
  | 'sendDays'
  | 'sendStartMinute'
  | 'sendEndMinute'
>;
type Status = CampaignRow['status'];

/** A listed campaign with its rollup figures (docs/product.md §8); zero before anything was sent. */
export type CampaignListRow = CampaignRow & {
  results: { sent: number; opened: number; unsubscribed: number };
  /** The first email's template's name (archived ones too); null without a template. */
  templateName: string | null;
  /** Some draft still waits for approval, whatever the campaign's status (one index probe). */
  hasDraftsToApprove: boolean;
};

/**
 * The workspace's campaigns, newest first, each with its all-time figures from the campaign_stats rollup
 * the Analytics page reads, joined in this one query (a campaign that never sent has no rollup row).
 */
export async function listCampaignRows(
  db: Db,
  workspaceId: WorkspaceId,
  archived: boolean,
): Promise<CampaignListRow[]> {
  const rows = await db
    .select({
      campaign: campaigns,
      sent: sql<number>`coalesce(${campaignStats.sent}, 0)::int`,
      // People's opens, as every "opened" figure counts them (machine opens are apart).
      opened: sql<number>`coalesce(${campaignStats.humanOpened}, 0)::int`,
      unsubscribed: sql<number>`coalesce(${campaignStats.unsubscribes}, 0)::int`,
      templateName: templates.name,
      hasDraftsToApprove: sql<boolean>`exists (select 1 from ${emails} where ${emails.campaignId} = ${campaigns.id}
                                                 and ${emails.status} = 'draft' and not ${emails.isApproved}
                                                 and ${emails.step} > 0)`,
    })
    .from(campaigns)
    .leftJoin(campaignStats, eq(campaignStats.campaignId, campaigns.id))
    .leftJoin(templates, eq(templates.id, campaigns.templateId))
    .where(
      and(
        eq(campaigns.workspaceId, workspaceId),
        archived ? isNotNull(campaigns.archivedAt) : isNull(campaigns.archivedAt),
      ),
    )
    .orderBy(desc(campaigns.createdAt), desc(campaigns.id));
  return rows.map(({ campaign, templateName, hasDraftsToApprove, ...results }) => ({
    ...campaign,
    results,
    templateName,
    hasDraftsToApprove,
  }));
}

/** The workspace's active (not archived) campaigns, newest first. */
export const listActiveCampaigns = (db: Db, workspaceId: WorkspaceId) =>
  listCampaignRows(db, workspaceId, false);

const ownedCampaign = preparedQuery((db) =>
  db
    .select()
    .from(campaigns)
    .where(
      and(eq(campaigns.workspaceId, sql.placeholder('workspaceId')), eq(campaigns.id, sql.placeholder('id'))),
    )
    .prepare('find_campaign'),
);

export async function findCampaign(
  db: Db,
  workspaceId: WorkspaceId,
  id: number,
): Promise<CampaignRow | null> {
  const [row] = await ownedCampaign(db).execute({ workspaceId, id });
  return row ?? null;
}

const madeCampaignQuery = preparedQuery((db) =>
  db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.userId, sql.placeholder('userId')), eq(campaigns.id, sql.placeholder('id'))))
    .prepare('find_made_campaign'),
);

/**
 * A campaign by its maker, for the jobs that work on it (generation, draft checks): their payload
 * names the maker, whose mailbox the emails go from, and no request's workspace.
 */
export async function findMadeCampaign(db: Db, userId: number, id: number): Promise<CampaignRow | null> {
  const [row] = await madeCampaignQuery(db).execute({ userId, id });
  return row ?? null;
}

export async function insertCampaign(
  db: Db,
  owner: { workspaceId: WorkspaceId; userId: number },
  values: CampaignValues,
): Promise<CampaignRow> {
  const [row] = await db
    .insert(campaigns)
    .values({ ...owner, ...values })
    .returning();
  return row!;
}

export async function updateCampaign(
  db: Db,
  workspaceId: WorkspaceId,
  id: number,
  values: Partial<CampaignRow>,
  onlyInStatus?: Status[],
): Promise<CampaignRow | null> {
  const [row] = await db
    .update(campaigns)
    .set({ ...values, updatedAt: new Date() })
    .where(
      and(
        eq(campaigns.workspaceId, workspaceId),
        eq(campaigns.id, id),
        onlyInStatus ? inArray(campaigns.status, onlyInStatus) : undefined,
      ),
    )
    .returning();
  return row ?? null;
}

/** Deletes it, and records who did, in one transaction; false when there was no such campaign. */
export async function deleteCampaign(
  db: Db,
  workspaceId: WorkspaceId,
  id: number,
  actorId: number,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(campaigns)
      .where(and(eq(campaigns.workspaceId, workspaceId), eq(campaigns.id, id)))
      .returning({ name: campaigns.name });
    if (!deleted) return false;
    await recordAudit(tx, [
      {
        workspaceId,
        actorId,
        action: 'campaign.deleted',
        subjectType: 'campaign',
        subjectId: id,
        detail: deleted,
      },
    ]);
    return true;
  });
}

/**
 * Recounts generation progress from the emails actually written (at the start of each job run):
 * the campaign's steps, not the answers to replies (step 0), which no generation writes.
 */
export async function recountGenerationProgress(db: Db, campaignId: number) {
  await db
    .update(campaigns)
    .set({
      generationProcessed: sql`(select count(*)::int from ${emails}
                                where ${emails.campaignId} = ${campaignId} and ${emails.step} > 0)`,
    })
    .where(eq(campaigns.id, campaignId));
}

/** Adds the emails a batch really wrote (a re-run's duplicates write nothing, so the count stays true). */
export async function addGenerationProgress(
  db: Db,
  campaignId: number,
  written: number,
  current: string | null,
) {
  await db
    .update(campaigns)
    .set({
      generationProcessed: sql`${campaigns.generationProcessed} + ${written}`,
      generationCurrent: current,
    })
    .where(eq(campaigns.id, campaignId));
}

/** The campaign's generated emails (its steps; answers to replies, step 0, are none), and the failed ones. */
export async function countCampaignEmails(db: Db, campaignId: number) {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      failed: sql<number>`(count(*) filter (where ${emails.status} = 'failed'))::int`,
    })
    .from(emails)
    .where(and(eq(emails.campaignId, campaignId), sql`${emails.step} > 0`));
  return { total: row?.total ?? 0, failed: row?.failed ?? 0 };
}
