import { and, eq, gt, inArray, lt, param, sql } from 'drizzle-orm';
import { ALLOWED_FROM, FOLLOW_UPS_TO_START } from '../../contract/email-rules';
import { type Db, selectRows } from '../db/client';
import { campaigns, emails, recipients, type WorkspaceId } from '../db/schema';
import { emailIdIn } from './email-sending';
import { stopFollowUpsAmong } from './sequences';

/**
 * Putting emails on their way: approved emails queued or scheduled, scheduled ones released when
 * due, follow-ups armed in their sequence. What happens once they are queued is email-sending.ts.
 */

type EmailRow = typeof emails.$inferSelect;

/** Queues the given emails of a workspace that are in one of `from` states; returns the ids queued. */
export async function queueEmails(
  db: Db,
  workspaceId: WorkspaceId,
  ids: number[],
  from: readonly EmailRow['status'][],
) {
  if (ids.length === 0) return [];
  const rows = await db
    .update(emails)
    .set({ status: 'queued', scheduledFor: null, errorMessage: null, updatedAt: new Date() })
    .where(and(eq(emails.workspaceId, workspaceId), emailIdIn(ids), inArray(emails.status, from)))
    .returning({ id: emails.id });
  return rows.map((r) => r.id);
}

/**
 * Schedules the workspace's emails among `ids` that are in one of `from` states for `at`; a follow-up
 * whose step before it was sent goes no earlier than its due time (that step's sending time plus
 * the step's delay, inside the campaign's sending window), whatever time it is given, so moving a
 * sequence's emails together never shortens its gaps. Returns each email scheduled, and whether
 * it kept its due time instead of `at`, with its campaign.
 */
export async function scheduleEmails(
  db: Db,
  workspaceId: WorkspaceId,
  ids: number[],
  at: Date,
  from: readonly EmailRow['status'][],
  /**
   * The Scheduled Emails dialog's move: only the emails going from this person's mailbox, and only
   * campaign emails (the dialog does not list an answer to a reply, step 0).
   */
  senderId?: number,
): Promise<{ id: number; campaignId: number; keptDueTime: boolean }[]> {
  if (ids.length === 0) return [];
  const time = sql`${at.toISOString()}::timestamptz`;
  return selectRows<{ id: number; campaignId: number; keptDueTime: boolean }>(
    db,
    sql`
    update ${emails} e
    set status = 'scheduled', error_message = null, updated_at = now(),
        scheduled_for = greatest(${time}, coalesce(d.due, ${time}))
    from (
      select x.id,
             (select follow_up_due(p.sent_at, cs.delay_days, cs.business_days, coalesce(r.time_zone, u.time_zone),
                                   c.send_days, c.send_start_minute, c.send_end_minute)
                from ${emails} p
                join ${recipients} r on r.id = x.recipient_id
                join ${campaigns} c on c.id = x.campaign_id
                join users u on u.id = c.user_id
                join campaign_steps cs on cs.campaign_id = c.id and cs.step = x.step
               where x.step > 1 and p.recipient_id = x.recipient_id and p.step = x.step - 1
                 and p.status = 'sent') as due
        from ${emails} x
       where x.id = any(${param(ids)}::bigint[]) and x.workspace_id = ${workspaceId}::integer
         ${senderId === undefined ? sql`` : sql`and x.user_id = ${senderId}::integer and x.step > 0`}
    ) d
    where e.id = d.id and e.status = any(${param([...from])}::text[])
    returning e.id::int as id, e.campaign_id::int as "campaignId", e.scheduled_for > ${time} as "keptDueTime"`,
  );
}

/** Scheduled emails whose time has come move to queued; returns them for sending. */
export async function releaseDueScheduled(db: Db, now: Date) {
  return db
    .update(emails)
    .set({ status: 'queued', updatedAt: now })
    .where(and(eq(emails.status, 'scheduled'), lt(emails.scheduledFor, now)))
    .returning({ id: emails.id });
}

/**
 * Approved emails of a campaign that can still go out (not sent, not on their way), in row order:
 * first emails (step 1), or with `followUps` the follow-ups not yet in their sequence (still in review).
 */
export async function approvedUnsent(db: Db, campaignId: number, followUps = false) {
  const rows = await db
    .select({ id: emails.id })
    .from(emails)
    .where(
      and(
        eq(emails.campaignId, campaignId),
        eq(emails.isApproved, true),
        inArray(emails.status, followUps ? FOLLOW_UPS_TO_START : ALLOWED_FROM['send-approved']),
        followUps ? gt(emails.step, 1) : eq(emails.step, 1),
      ),
    )
    .orderBy(emails.recipientId, emails.step);
  return rows.map((r) => r.id);
}

/**
 * Puts these approved follow-ups of a workspace into their sequence: each waits for the step before it,
 * or, when that one was sent already, is scheduled for its due time; one that something stops (a
 * reply, a bounce, the step before not sent) is stopped with the reason. Returns the ids armed.
 */
export async function armFollowUps(db: Db, workspaceId: WorkspaceId, ids: number[]) {
  if (ids.length === 0) return [];
  const armed = await selectRows<{ id: number }>(
    db,
    sql`
    update ${emails}
    set status = 'waiting', scheduled_for = null, error_message = null, updated_at = now()
    where id = any(${param(ids)}::bigint[]) and workspace_id = ${workspaceId}::integer and step > 1 and is_approved
      and status = any(${param(ALLOWED_FROM['send-approved'])}::text[])
    returning id::int as id`,
  );
  const armedIds = armed.map((r) => r.id);
  const stopped = new Set(await stopFollowUpsAmong(db, armedIds, ['waiting']));
  // Those whose step before was sent already are due from then.
  await db.execute(sql`
    select schedule_follow_ups(array_agg(p.recipient_id), array_agg(p.step), array_agg(p.sent_at))
    from ${emails} f join ${emails} p on p.recipient_id = f.recipient_id and p.step = f.step - 1
    where f.id = any(${param(armedIds)}::bigint[]) and f.status = 'waiting' and p.status = 'sent'`);
  return armedIds.filter((id) => !stopped.has(id));
}

/** Emails waiting because the user's mailbox needs a new sign-in: queued with no job running. */
export async function queuedEmailsOfUser(db: Db, userId: number) {
  const rows = await db
    .select({ id: emails.id })
    .from(emails)
    .where(and(eq(emails.userId, userId), eq(emails.status, 'queued')));
  return rows.map((r) => r.id);
}
