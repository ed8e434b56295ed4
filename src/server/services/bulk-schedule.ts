import { ALLOWED_FROM } from '../../contract/email-rules';
import type { Db } from '../db/client';
import type { WorkspaceId } from '../db/schema';
import { updateOwnEmails } from '../queries/email-actions';
import { scheduleEmails } from '../queries/email-queueing';
import type { Member } from '../queries/workspaces';
import { futureTime } from './email-actions';
import { assertSignatureFilled } from './placeholders';
import { refreshCampaignSendStatus } from './sending/campaign-send-status';
import type { SendQueue } from './sending/send-queue';

/*
 * The Scheduled Emails dialog's bulk actions (docs/product.md §5). They act on emails waiting for
 * their time only: the rule book's states for each action, narrowed to `scheduled`. A waiting
 * follow-up leaves its sequence from the review, one at a time, where the user sees which step goes.
 * Ids of another user or in another state are not counted, and never reported as missing.
 */
const UNSCHEDULE_FROM = ALLOWED_FROM.unschedule.filter((status) => status === 'scheduled');
const RESCHEDULE_FROM = ALLOWED_FROM.send.filter((status) => status === 'scheduled');

/** Each campaign once: its status may move from scheduled to ready, or stay. */
async function refreshCampaigns(db: Db, changed: { campaignId: number }[]) {
  for (const campaignId of new Set(changed.map((row) => row.campaignId)))
    await refreshCampaignSendStatus(db, campaignId);
}

/** POST /api/emails/unschedule: the workspace's scheduled emails among `ids` go back to draft. */
export async function unscheduleEmails(db: Db, workspaceId: WorkspaceId, ids: number[]) {
  const changed = await updateOwnEmails(
    db,
    workspaceId,
    ids,
    { status: 'draft', scheduledFor: null },
    UNSCHEDULE_FROM,
  );
  await refreshCampaigns(db, changed);
  return { unscheduled: changed.length };
}

/**
 * POST /api/emails/reschedule: the member's own scheduled emails (those going from their mailbox)
 * among `ids` move to `scheduledFor`, which must be in the future (400 otherwise, as for one email).
 * A follow-up goes no earlier than its due time (scheduleEmails), and the answer counts those that
 * kept it. Their text was checked when they were scheduled and cannot change while scheduled; the
 * signature can, so it is checked again.
 */
export async function rescheduleEmails(
  db: Db,
  member: Member,
  ids: number[],
  scheduledFor: string,
  queue: SendQueue,
) {
  const { workspaceId } = member;
  const at = futureTime(scheduledFor);
  await assertSignatureFilled(db, member.userId);

  const changed = await scheduleEmails(db, workspaceId, ids, at, RESCHEDULE_FROM, member.userId);
  // The worker sleeps until the next known time; an earlier one must wake it.
  if (changed.length > 0) await queue.releaseAt(at);
  await refreshCampaigns(db, changed);
  return {
    rescheduled: changed.length,
    keptDueTime: changed.filter((row) => row.keptDueTime).length,
  };
}
