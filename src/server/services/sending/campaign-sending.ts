import { ALLOWED_FROM, capacityOf } from '../../../contract/email-rules';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { morningOf } from '../../lib/send-days';
import { approveCampaignEmails } from '../../queries/email-actions';
import { approvedUnsent, armFollowUps, queueEmails, scheduleEmails } from '../../queries/email-queueing';
import { settleSuppressedEmails } from '../../queries/email-sending';
import { campaignMailboxesToday } from '../../queries/mailbox-capacity';
import type { Member } from '../../queries/workspaces';
import { ownCampaign } from '../campaigns';
import { futureTime } from '../email-actions';
import { assertOwnMailbox } from '../member-rules';
import { assertCampaignFilled } from '../placeholders';
import { refreshCampaignSendStatus } from './campaign-send-status';
import type { SendQueue } from './send-queue';
import { UNSUBSCRIBED_MESSAGE } from './suppression';

/** docs/product.md §5: without an unsubscribe link each email is approved on its own, never in bulk. */
export async function approveAll(
  db: Db,
  member: Member,
  campaignId: number,
  scope: { step?: number; withoutFindings?: boolean } = {},
) {
  const campaign = await ownCampaign(db, member.workspaceId, campaignId);
  if (!campaign.includeUnsubscribeLink) {
    throw new AppError('bad_request', 'Without an unsubscribe link, approve each email individually');
  }
  await assertCampaignFilled(db, campaign, { statuses: ALLOWED_FROM.approve, approvedOnly: false });
  return approveCampaignEmails(db, campaignId, scope, member);
}

/**
 * POST /api/campaigns/:id/send-approved. It sends (or schedules) the approved first emails only,
 * and puts the approved follow-ups still in review into their sequence: none goes before its due
 * time, and one already in its sequence is left as it is. At a given time: every approved first
 * email is scheduled for it (refused when there is none: the time would apply to nothing). Now: as
 * many as today's limit still allows are queued, and the rest are scheduled on the following
 * mornings, a day's limit at a time (docs/product.md §6, "Daily Limit Reached"). The review's
 * counts (approvalCounts: firstToSend, followUpsToStart) name exactly these emails. Refused while
 * the footer or an approved email still holds a default placeholder.
 */
export async function sendApproved(
  db: Db,
  sender: { member: Member; timeZone: string },
  campaignId: number,
  scheduledFor: string | undefined,
  queue: SendQueue,
) {
  const { member, timeZone } = sender;
  const { workspaceId } = member;
  const campaign = await ownCampaign(db, workspaceId, campaignId);
  assertOwnMailbox(member, campaign);
  const withLink = campaign.includeUnsubscribeLink;
  const capacity = capacityOf(await campaignMailboxesToday(db, campaignId), withLink);
  // What the campaign's mailboxes allow together; each mailbox's own limit holds at send time.
  const dailyLimit = Math.max(1, capacity.dailyLimit);
  const approved = await approvedUnsent(db, campaignId);
  const approvedFollowUps = await approvedUnsent(db, campaignId, true);
  const from = ALLOWED_FROM['send-approved'];
  if (approved.length === 0 && approvedFollowUps.length === 0)
    throw new AppError('bad_request', 'There are no approved emails to send');
  if (scheduledFor !== undefined && approved.length === 0)
    throw new AppError(
      'bad_request',
      'There are no approved first emails to schedule; follow-ups go at their due time',
    );
  await assertCampaignFilled(db, campaign, { statuses: from, approvedOnly: true });
  // Follow-ups do not go now: each waits for the step before it, then for its due time.
  const followUpCount = (await armFollowUps(db, workspaceId, approvedFollowUps)).length;
  const reply = { dailyLimit, hasUnsubscribeLink: withLink, followUpCount };
  const at = scheduledFor ? futureTime(scheduledFor) : null;
  // Recipients already on the suppression list are settled as unsubscribed here rather than
  // queued, so successCount counts only emails that will go out, and they take no place under
  // today's limit. The send itself checks the list again for anyone who unsubscribes meanwhile.
  const suppressed = new Set(
    await settleSuppressedEmails(db, workspaceId, approved, from, UNSUBSCRIBED_MESSAGE),
  );
  const ids = approved.filter((id) => !suppressed.has(id));

  if (at) {
    const scheduled = await scheduleEmails(db, workspaceId, ids, at, from);
    await queue.releaseAt(at);
    await refreshCampaignSendStatus(db, campaignId);
    return { ...reply, scheduledFor: at.toISOString(), successCount: 0, scheduledCount: scheduled.length };
  }

  const today = ids.slice(0, capacity.remaining);
  const queued = await queue.queueAndSend(db, (tx) => queueEmails(tx, workspaceId, today, from));
  let scheduledCount = 0;
  let firstLater: Date | null = null;
  const later = ids.slice(today.length);
  for (let day = 1; later.length > 0; day++) {
    const at = morningOf(timeZone, day);
    firstLater ??= at;
    scheduledCount += (await scheduleEmails(db, workspaceId, later.splice(0, dailyLimit), at, from)).length;
    await queue.releaseAt(at);
  }
  await refreshCampaignSendStatus(db, campaignId);
  return {
    ...reply,
    scheduledFor: firstLater?.toISOString() ?? null,
    successCount: queued.length,
    scheduledCount,
  };
}
