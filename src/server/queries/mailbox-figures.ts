import { sql } from 'drizzle-orm';
import { type Db, selectRows } from '../db/client';
import type { WorkspaceId } from '../db/schema';

/** A mailbox's all-time sends, first replies by a person and hard bounces (from the rollup). */
export type MailboxTotals = { mailboxId: number; sent: number; replied: number; bounced: number };

/** Every mailbox of a person, with what it did in any workspace's campaigns (Settings). */
export function mailboxTotalsOfUser(db: Db, userId: number) {
  return selectRows<MailboxTotals>(
    db,
    sql`
    select s.mailbox_id as "mailboxId", sum(s.sent)::int as sent, sum(s.replied)::int as replied,
           sum(s.bounced)::int as bounced
    from campaign_mailbox_stats s
    where s.mailbox_id in (select m.id from mailboxes m where m.user_id = ${userId}::int)
    group by s.mailbox_id`,
  );
}

/** A mailbox a workspace's campaigns sent from, with its owner, its state and today's use. */
export type WorkspaceMailboxRow = MailboxTotals & {
  kind: 'google' | 'microsoft' | 'server' | 'smtp';
  address: string | null;
  ownerName: string | null;
  ownerEmail: string | null;
  dailyLimit: number | null;
  needsReauth: boolean;
  paused: boolean;
  sentWithUnsubscribeToday: number;
  sentWithoutUnsubscribeToday: number;
};

/**
 * The mailboxes a workspace's campaigns sent from, with what they sent for this workspace only
 * (a person's mailbox may also send for another of their workspaces), and today's use of their
 * daily limit, which is the mailbox's whichever workspace sends ("today" in the owner's zone).
 * Read off the rollup's rows of the workspace's campaigns, never the emails.
 */
export function workspaceMailboxFigures(db: Db, workspaceId: WorkspaceId) {
  return selectRows<WorkspaceMailboxRow>(
    db,
    sql`
    with totals as (
      select s.mailbox_id, sum(s.sent)::int as sent, sum(s.replied)::int as replied,
             sum(s.bounced)::int as bounced
      from campaign_mailbox_stats s
      where s.campaign_id in (select c.id from campaigns c where c.workspace_id = ${workspaceId}::int)
      group by s.mailbox_id
    )
    select m.id as "mailboxId", m.kind, m.address,
           nullif(concat_ws(' ', u.first_name, u.last_name), '') as "ownerName", u.email as "ownerEmail",
           m.daily_limit as "dailyLimit", m.needs_reauth_at is not null as "needsReauth",
           m.paused_at is not null as paused, t.sent, t.replied, t.bounced,
           coalesce(q.sent_with_unsubscribe, 0) as "sentWithUnsubscribeToday",
           coalesce(q.sent_without_unsubscribe, 0) as "sentWithoutUnsubscribeToday"
    from totals t
    join mailboxes m on m.id = t.mailbox_id
    join users u on u.id = m.user_id
    left join send_quota q on q.mailbox_id = m.id and q.day = (now() at time zone u.time_zone)::date
    order by t.sent desc, m.id`,
  );
}
