import type { Db } from '../db/client';
import { notFound } from '../errors';
import { campaignMailboxIds, ownMailboxIds, replaceCampaignMailboxes } from '../queries/campaign-mailboxes';
import type { Member } from '../queries/workspaces';
import { ownCampaign } from './campaigns';
import { listMailboxes } from './mailboxes';
import { assertOwnMailbox } from './member-rules';

/**
 * GET /api/campaigns/:id/mailboxes: the mailboxes the campaign sends from (none named: its maker's
 * default), and those of its maker's it could use. A teammate sees the chosen ones only.
 */
export async function campaignMailboxesOf(db: Db, member: Member, campaignId: number) {
  const campaign = await ownCampaign(db, member.workspaceId, campaignId);
  const mailboxIds = await campaignMailboxIds(db, campaignId);
  const all = await listMailboxes(db, { id: campaign.userId }, member.workspaceId);
  const isMaker = campaign.userId === member.userId;
  const shown = isMaker
    ? all
    : all.filter((m) => (mailboxIds.length ? mailboxIds.includes(m.id) : m.isDefault));
  return { mailboxIds, available: shown };
}

/**
 * PUT /api/campaigns/:id/mailboxes: the maker's own mailboxes only (a sender sends from no one
 * else's); an id that is not theirs answers 404 like any other person's object.
 */
export async function setCampaignMailboxes(db: Db, member: Member, campaignId: number, ids: number[]) {
  const campaign = await ownCampaign(db, member.workspaceId, campaignId);
  assertOwnMailbox(member, campaign);
  const unique = [...new Set(ids)];
  const own = await ownMailboxIds(db, member.userId, unique);
  if (own.length !== unique.length) throw notFound('Mailbox');
  await replaceCampaignMailboxes(db, campaignId, unique);
  return campaignMailboxesOf(db, member, campaignId);
}
