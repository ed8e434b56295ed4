import { type SQL, sql } from 'drizzle-orm';
import { type Db, selectRows } from '../db/client';
import { sendingMailboxIds } from './campaign-mailboxes';

/** A mailbox's own daily limit (null: the product's) and what it sent today, in its owner's zone. */
export type MailboxToday = {
  mailboxId: number;
  dailyLimit: number | null;
  sentWithUnsubscribe: number;
  sentWithoutUnsubscribe: number;
};

function usageToday(db: Db, mailboxesWhere: SQL) {
  return selectRows<MailboxToday>(
    db,
    sql`
    select m.id as "mailboxId", m.daily_limit as "dailyLimit",
           coalesce(q.sent_with_unsubscribe, 0) as "sentWithUnsubscribe",
           coalesce(q.sent_without_unsubscribe, 0) as "sentWithoutUnsubscribe"
    from mailboxes m
    join users u on u.id = m.user_id
    left join send_quota q on q.mailbox_id = m.id and q.day = (now() at time zone u.time_zone)::date
    where ${mailboxesWhere}
    order by m.id`,
  );
}

/** Today's use of the mailboxes a campaign sends from: its own list, else its maker's default mailbox. */
export function campaignMailboxesToday(db: Db, campaignId: number) {
  return usageToday(
    db,
    sql`m.id in (${sendingMailboxIds(sql`${campaignId}::int`, sql`(select c.user_id from campaigns c where c.id = ${campaignId}::int)`)})`,
  );
}

/** Today's use of every mailbox of a person. */
export function userMailboxesToday(db: Db, userId: number) {
  return usageToday(db, sql`m.user_id = ${userId}`);
}
