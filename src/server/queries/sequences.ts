import { param, type SQL, sql } from 'drizzle-orm';
import { type Db, selectRows } from '../db/client';
import { campaigns, emails, recipients, unsubscribes, users, type WorkspaceId } from '../db/schema';

/** Follow-ups not yet on their way: what a reply, a bounce or an unsubscribe can still stop. */
const STOPPABLE = ['draft', 'waiting', 'scheduled', 'queued'] as const;

/**
 * Follow-ups (`f`, step > 1) that `where` picks, in one of `from` states, that something now stops
 * (follow_up_stops) move to stopped with the reason; returns their ids.
 */
async function stopWhere(db: Db, where: SQL, from: readonly string[]): Promise<number[]> {
  const rows = await selectRows<{ id: number }>(
    db,
    sql`
    update ${emails} e
    set status = 'stopped', error_message = s.reason, scheduled_for = null, updated_at = now()
    from (
      select f.id, stop.reason
      from ${emails} f cross join lateral follow_up_stops(f.recipient_id, f.step) stop
      where ${where} and f.step > 1 and f.status = any(${param(from)}::text[])
    ) s
    where e.id = s.id and s.reason is not null and e.status = any(${param(from)}::text[])
    returning e.id::int as id`,
  );
  return rows.map((r) => r.id);
}

/** Of these emails, the follow-ups in one of `from` states that must not be sent any more stop. */
export const stopFollowUpsAmong = (db: Db, emailIds: number[], from: readonly string[]) =>
  emailIds.length === 0
    ? Promise.resolve([])
    : stopWhere(db, sql`f.id = any(${param(emailIds)}::bigint[])`, from);

/** The follow-ups not yet on their way of the recipients `which` selects (their ids) that now stop. */
const stopFollowUpsOf = async (db: Db, which: SQL) =>
  (await stopWhere(db, sql`f.recipient_id in (${which})`, STOPPABLE)).length;

/** After a reply or a bounce to these emails: their recipients' later follow-ups stop. */
export const stopFollowUpsAfter = (db: Db, emailIds: number[]) =>
  emailIds.length === 0
    ? Promise.resolve(0)
    : stopFollowUpsOf(
        db,
        sql`select recipient_id from ${emails} where id = any(${param(emailIds)}::bigint[])`,
      );

/** After an address joined the workspace's suppression list: its follow-ups in every campaign stop. */
export const stopFollowUpsToAddress = (db: Db, workspaceId: WorkspaceId, address: string) =>
  stopFollowUpsOf(
    db,
    sql`select r.id from ${recipients} r join ${campaigns} c on c.id = r.campaign_id
        where c.workspace_id = ${workspaceId}::integer and lower(r.email) = lower(${address}::text)`,
  );

/**
 * The user's own stop: the follow-ups not yet on their way, of one recipient or the whole
 * campaign, with the day in the user's zone, worded as follow_up_stops words its reasons.
 */
export async function stopFollowUpsByUser(
  db: Db,
  campaignId: number,
  recipientId: number | null,
): Promise<number> {
  const rows = await selectRows<{ id: number }>(
    db,
    sql`
    update ${emails} e
    set status = 'stopped', scheduled_for = null, updated_at = now(),
        error_message = 'Stopped by you on ' || to_char(now() at time zone u.time_zone, 'FMDD Mon')
    from ${users} u
    where u.id = e.user_id and e.campaign_id = ${campaignId}::integer and e.step > 1
      and e.status = any(${param(STOPPABLE)}::text[])
      ${recipientId === null ? sql`` : sql`and e.recipient_id = ${recipientId}::bigint`}
    returning e.id::int as id`,
  );
  return rows.length;
}

export type SequenceRow = {
  recipientId: number;
  email: string;
  sentSteps: number;
  nextStep: number | null;
  dueAt: Date | null;
  reason: string | null;
  pending: number;
};

/**
 * A page of a campaign's recipients with their emails' standing, in the file's order: the last
 * step sent, the next step still to go and when it is due, and the first stop's reason. Their
 * sequence's steps only: an answer to a reply (step 0) is no step of it.
 */
export async function sequencePage(
  db: Db,
  campaignId: number,
  limit: number,
  offset: number,
  recipientId: number | null = null,
) {
  const pendingStates = sql`('draft', 'waiting', 'scheduled', 'queued', 'sending', 'unknown')`;
  return selectRows<SequenceRow>(
    db,
    sql`
    select r.id::int as "recipientId", r.email,
           coalesce(max(e.step) filter (where e.status = 'sent'), 0)::int as "sentSteps",
           (min(e.step) filter (where e.status in ${pendingStates}))::int as "nextStep",
           (array_agg(e.scheduled_for order by e.step) filter (where e.status in ${pendingStates}))[1] as "dueAt",
           (array_agg(e.error_message order by e.step) filter (where e.status = 'stopped'))[1] as "reason",
           (count(*) filter (where e.status in ${pendingStates}))::int as "pending"
    from (
      -- The page's recipients first, so only their emails are read, however large the campaign.
      select id, email from ${recipients}
      where campaign_id = ${campaignId}::integer
        ${recipientId === null ? sql`` : sql`and id = ${recipientId}::bigint`}
      order by id
      limit ${limit}::integer offset ${offset}::integer
    ) r
    left join ${emails} e on e.recipient_id = r.id and e.step > 0
    group by r.id, r.email
    order by r.id`,
  );
}

/**
 * After an out-of-office reply to `emailId` that names the day its writer is back: the recipient's
 * scheduled follow-ups go no earlier than the first moment of the sending window after that day,
 * in the recipient's zone (else the sender's). Returns how many moved.
 */
export async function postponeFollowUps(db: Db, emailId: number, backOn: string): Promise<number> {
  const rows = await selectRows<{ id: number }>(
    db,
    sql`
    update ${emails} f
    set scheduled_for = greatest(
          f.scheduled_for,
          follow_up_due((${backOn}::date)::timestamp at time zone coalesce(r.time_zone, u.time_zone), 1, false,
                        coalesce(r.time_zone, u.time_zone), c.send_days, c.send_start_minute, c.send_end_minute)),
        updated_at = now()
    from ${emails} e
    join ${recipients} r on r.id = e.recipient_id
    join ${campaigns} c on c.id = r.campaign_id
    join ${users} u on u.id = c.user_id
    where e.id = ${emailId}::bigint and f.recipient_id = e.recipient_id and f.step > e.step
      and f.status = 'scheduled'
    returning f.id::int as id`,
  );
  return rows.length;
}

/**
 * Per step of a campaign: sent emails, and of those the replied, hard-bounced and unsubscribed.
 * Answers to replies (step 0) are no step.
 */
export async function stepCounts(db: Db, campaignId: number) {
  return selectRows<{ step: number; sent: number; replied: number; bounced: number; unsubscribed: number }>(
    db,
    sql`
    select e.step::int as step,
           (count(*) filter (where e.status = 'sent'))::int as sent,
           (count(*) filter (where e.status = 'sent' and e.replied_at is not null))::int as replied,
           (count(*) filter (where e.status = 'sent' and e.bounce_kind = 'hard'))::int as bounced,
           (select count(*) from ${unsubscribes} u
            where u.campaign_id = ${campaignId}::integer and u.reason <> 'bounced'
              and u.email_id in (select id from ${emails} s where s.campaign_id = ${campaignId}::integer and s.step = e.step)
           )::int as unsubscribed
    from ${emails} e
    where e.campaign_id = ${campaignId}::integer and e.step > 0
    group by e.step
    order by e.step`,
  );
}
