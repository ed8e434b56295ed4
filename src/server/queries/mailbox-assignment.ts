import { param, sql } from 'drizzle-orm';
import { DAILY_LIMIT_WITH_UNSUBSCRIBE } from '../../contract/email-rules';
import { type Db, selectRows } from '../db/client';
import type { WorkspaceId } from '../db/schema';

/** A queued email of the batch, and the mailbox it leaves from (null: none could be given yet). */
export type QueuedEmail = { id: number; workspaceId: WorkspaceId; mailboxId: number | null };

/**
 * Which of these emails are still queued, and the mailbox each leaves from, giving one in the same
 * statement to every recipient who has none yet (their first email is about to be sent). A
 * recipient keeps their mailbox for every follow-up, so a sequence stays one thread in one
 * mailbox.
 *
 * The candidates are the campaign's mailboxes (campaign_mailboxes), else its maker's default one.
 * Recipients are spread by what each mailbox has left of today's allowance, as if given one at a
 * time to the mailbox with most left ("water filling"): each candidate offers a slot per recipient,
 * ranked by what it would have left after that many, and the best slots win. Mailboxes that wait for
 * new credentials or were paused take recipients only when no candidate can send. The assignment
 * is conditional on the recipient still having none, so two workers never give one recipient two.
 */
export async function assignMailboxes(db: Db, emailIds: number[]): Promise<QueuedEmail[]> {
  if (emailIds.length === 0) return [];
  return selectRows<QueuedEmail>(
    db,
    sql`
    with batch as materialized (
      select e.id, e.workspace_id, e.campaign_id, e.user_id, e.recipient_id, r.mailbox_id
      from emails e join recipients r on r.id = e.recipient_id
      where e.id = any(${param(emailIds)}::bigint[]) and e.status = 'queued'
    ), needing as materialized (
      select recipient_id, campaign_id, user_id,
             row_number() over (partition by campaign_id order by recipient_id) as rn,
             count(*) over (partition by campaign_id) as n
      from (select distinct recipient_id, campaign_id, user_id from batch where mailbox_id is null) x
    ), candidates as (
      select c.campaign_id, c.n, m.id as mailbox_id,
             (m.needs_reauth_at is null and m.paused_at is null) as active,
             coalesce(m.daily_limit, ${DAILY_LIMIT_WITH_UNSUBSCRIBE}::int) - coalesce(q.sent_with_unsubscribe, 0) as remaining
      from (select distinct campaign_id, user_id, n from needing) c
      join mailboxes m on m.id in (select cm.mailbox_id from campaign_mailboxes cm where cm.campaign_id = c.campaign_id)
        or (m.user_id = c.user_id and m.is_default
            and not exists (select 1 from campaign_mailboxes cm where cm.campaign_id = c.campaign_id))
      join users u on u.id = m.user_id
      left join send_quota q on q.mailbox_id = m.id and q.day = (now() at time zone u.time_zone)::date
    ), slots as (
      select c.campaign_id, c.mailbox_id,
             row_number() over (partition by c.campaign_id
                                order by c.active desc, c.remaining - k desc, c.mailbox_id) as slot
      from candidates c cross join generate_series(1, c.n) k
    ), assigned as (
      update recipients r set mailbox_id = s.mailbox_id
      from needing nd join slots s on s.campaign_id = nd.campaign_id and s.slot = nd.rn
      where r.id = nd.recipient_id and r.mailbox_id is null
      returning r.id, r.mailbox_id
    )
    select b.id::int as id, b.workspace_id as "workspaceId",
           coalesce(b.mailbox_id, a.mailbox_id) as "mailboxId"
    from batch b left join assigned a on a.id = b.recipient_id
    order by b.id`,
  );
}
