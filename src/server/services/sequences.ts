import type { RecipientSequence, StepStats } from '../../contract/sequences';
import type { Db } from '../db/client';
import type { WorkspaceId } from '../db/schema';
import { notFound } from '../errors';
import { type SequenceRow, sequencePage, stepCounts, stopFollowUpsByUser } from '../queries/sequences';
import { ownCampaign } from './campaigns';

/** GET /api/campaigns/:id/sequence: each recipient's place in the sequence. */
export async function campaignSequenceOf(
  db: Db,
  workspaceId: WorkspaceId,
  campaignId: number,
  limit: number,
  offset: number,
) {
  const campaign = await ownCampaign(db, workspaceId, campaignId);
  const rows = await sequencePage(db, campaign.id, limit, offset);
  return { items: rows.map(presentSequence), total: campaign.recipientCount, limit, offset };
}

/**
 * POST /api/campaigns/:id/recipients/:recipientId/stop: the recipient's follow-ups that have not
 * gone yet are stopped. One already being sent goes; nothing is sent after this answers.
 */
export async function stopRecipient(
  db: Db,
  workspaceId: WorkspaceId,
  campaignId: number,
  recipientId: number,
): Promise<RecipientSequence> {
  const campaign = await ownCampaign(db, workspaceId, campaignId);
  // Scoped to the campaign: another campaign's recipient id stops nothing and is not found.
  await stopFollowUpsByUser(db, campaign.id, recipientId);
  const [row] = await sequencePage(db, campaign.id, 1, 0, recipientId);
  if (!row) throw notFound('Recipient');
  return presentSequence(row);
}

/** POST /api/campaigns/:id/sequence/stop: every follow-up of the campaign not yet gone stops. */
export async function stopSequence(db: Db, workspaceId: WorkspaceId, campaignId: number) {
  const campaign = await ownCampaign(db, workspaceId, campaignId);
  return { stopped: await stopFollowUpsByUser(db, campaign.id, null) };
}

function presentSequence(row: SequenceRow): RecipientSequence {
  const state = row.reason ? 'stopped' : row.pending > 0 ? 'active' : 'finished';
  return {
    recipientId: row.recipientId,
    email: row.email,
    state,
    sentSteps: row.sentSteps,
    nextStep: state === 'active' ? row.nextStep : null,
    dueAt: state === 'active' && row.dueAt ? new Date(row.dueAt).toISOString() : null,
    reason: row.reason,
  };
}

/** GET /api/campaigns/:id/step-stats: where in the sequence people answered, bounced or left. */
export async function stepStatsOf(db: Db, workspaceId: WorkspaceId, campaignId: number): Promise<StepStats> {
  const campaign = await ownCampaign(db, workspaceId, campaignId);
  const rate = (n: number, of: number) => (of > 0 ? n / of : 0);
  return (await stepCounts(db, campaign.id)).map((s) => ({
    ...s,
    replyRate: rate(s.replied, s.sent),
    bounceRate: rate(s.bounced, s.sent),
  }));
}
