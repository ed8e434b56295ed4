import { param, sql } from 'drizzle-orm';
import { DAILY_LIMIT_WITH_UNSUBSCRIBE } from '../../contract/email-rules';
import { type Db, selectRows } from '../db/client';
import type { WorkspaceId } from '../db/schema';
import { sendingMailboxIds } from './campaign-mailboxes';

/** A queued email of the batch, and the mailbox it leaves from (null: none could be given yet). */
export type QueuedEmail = { id: number; workspaceId: WorkspaceId; mailboxId: number | null };

/**
 * Which of these emails are still queued, and the mailbox each leaves from, giving one in the same
 * statement to every recipient who has none yet (their first email is about to be sent). A
 * recipient keeps their mailbox for every follow-up, so a sequence stays one thread in one
 * mailbox.
 *
 * The candidates are the campaign's mailboxes (campaign_mailboxes), else its maker's default one.
 * The batch's recipients are spread in proportion to what each mailbox has left of today's
 * allowance: each mailbox takes a share of [0, 1) as wide as its part of what is left, and the
 * n-th of N recipients goes to the mailbox whose share holds (n - ½) / N. (A ranking of one slot
 * per recipient and mailbox gave the same spread at half again the cost.) Mailboxes that wait for
 * new credentials or were paused take recipients only when no candidate can send. The assignment
 * is conditional on the recipient still having none, so two workers never give one recipient two.
 */
export async function assignMailboxes(db: Db, emailIds: number[]): Promise<QueuedEmail[]> {
  if (emailIds.length === 0) return [];
  return selectRows<QueuedEmail>(
    db,
    sql`
    with batch as materialized (
      -- An answer leaves from the mailbox its reply arrived in (when it still exists), whatever
      -- its recipient's.
      select e.id, e.workspace_id, e.campaign_id, e.user_id, e.recipient_id,
             coalesce((select m.mailbox_id from inbound_messages m where m.id = e.answers_inbound_id), r.mailbox_id)
               as mailbox_id
      from emails e join recipients r on r.id = e.recipient_id
      where e.id = any(${param(emailIds)}::bigint[]) and e.status = 'queued'
    ), needing as materialized (
      select recipient_id, campaign_id, user_id,
             row_number() over (partition by campaign_id order by recipient_id) as rn,
             count(*) over (partition by campaign_id) as n
      from (select distinct recipient_id, campaign_id, user_id from batch where mailbox_id is null) x
    ), candidates as (
      select c.campaign_id, m.id as mailbox_id,
             (m.needs_reauth_at is null and m.paused_at is null) as active,
             greatest(coalesce(m.daily_limit, ${DAILY_LIMIT_WITH_UNSUBSCRIBE}::int)
                      - coalesce(q.sent_with_unsubscribe, 0), 0) as remaining
      from (select distinct campaign_id, user_id from needing) c
      join mailboxes m on m.id in (${sendingMailboxIds(sql`c.campaign_id`, sql`c.user_id`)})
      join users u on u.id = m.user_id
      left join send_quota q on q.mailbox_id = m.id and q.day = (now() at time zone u.time_zone)::date
    ), usable as (
      -- The active ones when the campaign has any, else all of them.
      select campaign_id, mailbox_id, remaining, active = bool_or(active) over (partition by campaign_id) as usable
      from candidates
    ), weighted as (
      -- By what each usable one has left; all alike when every one is used up for today.
      select campaign_id, mailbox_id,
             case when not usable then 0
                  when max(case when usable then remaining end) over (partition by campaign_id) > 0 then remaining
                  else 1 end::float8 as weight
      from usable
    ), shares as (
      select campaign_id, mailbox_id,
             (sum(weight) over (partition by campaign_id order by mailbox_id) - weight)
               / sum(weight) over (partition by campaign_id) as lo,
             sum(weight) over (partition by campaign_id order by mailbox_id)
               / sum(weight) over (partition by campaign_id) as hi
      from weighted where weight > 0
    ), slots as (
      select nd.recipient_id, s.mailbox_id
      from needing nd join shares s on s.campaign_id = nd.campaign_id
        and (nd.rn - 0.5) / nd.n >= s.lo and (nd.rn - 0.5) / nd.n < s.hi
    ), assigned as (
      update recipients r set mailbox_id = s.mailbox_id
      from slots s
      where r.id = s.recipient_id and r.mailbox_id is null
      returning r.id, r.mailbox_id
    )
    select b.id::int as id, b.workspace_id as "workspaceId",
           coalesce(b.mailbox_id, a.mailbox_id) as "mailboxId"
    from batch b left join assigned a on a.id = b.recipient_id
    order by b.id`,
  );
}
