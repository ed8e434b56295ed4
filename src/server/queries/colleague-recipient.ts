import { and, eq, sql } from 'drizzle-orm';
import { type Db, selectRows } from '../db/client';
import { campaigns, emails, recipients, unsubscribes, type WorkspaceId } from '../db/schema';

/**
 * The campaign's row, locked until the caller's transaction ends: of two members adding to it,
 * or one adding while another starts generation, one waits for the other and sees its change.
 */
export async function lockCampaignForRecipients(tx: Db, workspaceId: WorkspaceId, campaignId: number) {
  const [row] = await tx
    .select({
      status: campaigns.status,
      archivedAt: campaigns.archivedAt,
      userId: campaigns.userId,
    })
    .from(campaigns)
    .where(and(eq(campaigns.workspaceId, workspaceId), eq(campaigns.id, campaignId)))
    .for('update');
  return row ?? null;
}

/** Why the address cannot be added: already a recipient of the campaign, or suppressed; null when free. */
export async function whyAddressIsTaken(
  tx: Db,
  workspaceId: WorkspaceId,
  campaignId: number,
  address: string,
): Promise<'recipient' | 'suppressed' | null> {
  const [row] = await selectRows<{ recipient: boolean; suppressed: boolean }>(
    tx,
    sql`select
      exists (select 1 from ${recipients} r
              where r.campaign_id = ${campaignId}::integer and lower(r.email) = lower(${address})) as recipient,
      exists (select 1 from ${unsubscribes} s
              where s.workspace_id = ${workspaceId} and lower(s.email) = lower(${address})) as suppressed`,
  );
  if (row?.recipient) return 'recipient';
  if (row?.suppressed) return 'suppressed';
  return null;
}

export type NewRecipient = {
  campaignId: number;
  email: string;
  company: string | null;
  jobTitle: string | null;
  data: Record<string, string>;
  timeZone: string | null;
};

/**
 * One recipient added after the import, as the file's next row, and the campaign's recipient
 * count with it. Null when the address is already one of the campaign's (the unique index on
 * lower(email) decides, whatever was checked before).
 */
export async function insertOneRecipient(tx: Db, r: NewRecipient): Promise<number | null> {
  const [row] = await tx
    .insert(recipients)
    .values({
      campaignId: r.campaignId,
      email: r.email,
      company: r.company,
      jobTitle: r.jobTitle,
      data: r.data,
      timeZone: r.timeZone,
      rowNumber: sql`(select coalesce(max(row_number), 1) + 1 from ${recipients} where campaign_id = ${r.campaignId}::integer)`,
    })
    .onConflictDoNothing()
    .returning({ id: recipients.id });
  if (!row) return null;
  await tx
    .update(campaigns)
    .set({ recipientCount: sql`${campaigns.recipientCount} + 1`, updatedAt: new Date() })
    .where(eq(campaigns.id, r.campaignId));
  return row.id;
}

/**
 * The campaign goes back to `generating` so its job writes the emails its new recipient lacks,
 * with the progress bar counting every step of every recipient (as a step's regeneration does).
 */
export async function restartGeneration(tx: Db, campaignId: number, by: number, steps: number) {
  await tx
    .update(campaigns)
    .set({
      status: 'generating',
      generatedBy: by,
      generationError: null,
      generationCurrent: null,
      generationStartedAt: new Date(),
      generationTotal: sql`${campaigns.recipientCount} * ${steps}::integer`,
      generationProcessed: sql`(select count(*)::int from ${emails}
                                where ${emails.campaignId} = ${campaignId}::integer and ${emails.step} > 0)`,
      updatedAt: new Date(),
    })
    .where(eq(campaigns.id, campaignId));
}
