import { param, type SQL, sql } from 'drizzle-orm';
import { type Db, selectRows } from '../db/client';
import { campaigns, emails, recipients } from '../db/schema';

/** Follow-ups not yet on their way: what a reply, a bounce or an unsubscribe can still stop. */
const STOPPABLE = ['draft', 'waiting', 'scheduled', 'queued'] as const;

/**
 * Stops the follow-ups of the recipients `which` selects (a query returning recipient ids) that
 * something now stops (follow_up_stop_reason), with the reason; returns how many.
 */
async function stopFollowUpsOf(db: Db, which: SQL): Promise<number> {
  const rows = await selectRows<{ id: number }>(
    db,
    sql`
    update ${emails} e
    set status = 'stopped', error_message = s.reason, scheduled_for = null, updated_at = now()
    from (
      select f.id, follow_up_stop_reason(f.recipient_id, f.step) as reason
      from ${emails} f
      where f.recipient_id in (${which}) and f.step > 1 and f.status = any(${param(STOPPABLE)}::text[])
    ) s
    where e.id = s.id and s.reason is not null and e.status = any(${param(STOPPABLE)}::text[])
    returning e.id::int as id`,
  );
  return rows.length;
}

/** After a reply or a bounce to these emails: their recipients' later follow-ups stop. */
export const stopFollowUpsAfter = (db: Db, emailIds: number[]) =>
  emailIds.length === 0
    ? Promise.resolve(0)
    : stopFollowUpsOf(
        db,
        sql`select recipient_id from ${emails} where id = any(${param(emailIds)}::bigint[])`,
      );

/** After an address joined the user's suppression list: its follow-ups in every campaign stop. */
export const stopFollowUpsToAddress = (db: Db, userId: number, address: string) =>
  stopFollowUpsOf(
    db,
    sql`select r.id from ${recipients} r join ${campaigns} c on c.id = r.campaign_id
        where c.user_id = ${userId}::integer and lower(r.email) = lower(${address}::text)`,
  );
