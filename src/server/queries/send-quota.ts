import { and, eq, sql } from 'drizzle-orm';
import { type Db, selectRows } from '../db/client';
import { sendQuota } from '../db/schema';

export async function findSendQuota(db: Db, mailboxId: number, day: string) {
  const [row] = await db
    .select()
    .from(sendQuota)
    .where(and(eq(sendQuota.mailboxId, mailboxId), eq(sendQuota.day, day)));
  return row ?? null;
}

/**
 * Takes one send from the mailbox's daily allowance if it is not used up. Atomic: the increment and
 * the limit check are one statement, so concurrent workers can never exceed the limit together.
 */
export async function takeSendQuota(
  db: Db,
  mailboxId: number,
  day: string,
  withLink: boolean,
  limit: number,
) {
  const column = withLink ? sql.raw('sent_with_unsubscribe') : sql.raw('sent_without_unsubscribe');
  const rows = await selectRows(
    db,
    sql`
    insert into send_quota (mailbox_id, day, sent_with_unsubscribe, sent_without_unsubscribe)
    values (${mailboxId}, ${day}::date, ${withLink ? 1 : 0}, ${withLink ? 0 : 1})
    on conflict (mailbox_id, day) do update set ${column} = send_quota.${column} + 1
    where send_quota.${column} < ${limit}
    returning 1`,
  );
  return rows.length === 1;
}

/** Gives back a send that did not happen (the provider refused or asked to wait). */
export async function refundSendQuota(db: Db, mailboxId: number, day: string, withLink: boolean) {
  const column = withLink ? sql.raw('sent_with_unsubscribe') : sql.raw('sent_without_unsubscribe');
  await db.execute(sql`
    update send_quota set ${column} = greatest(${column} - 1, 0) where mailbox_id = ${mailboxId} and day = ${day}::date`);
}

/**
 * Takes up to `wanted` sends from the mailbox's daily allowance at once and returns how many it got
 * (0 when the day is used up). take_send_quota locks the row for the read-and-add, so concurrent
 * workers together never pass the limit; one call, as every send chunk makes one.
 */
export async function takeSendQuotaUpTo(
  db: Db,
  mailboxId: number,
  day: string,
  withLink: boolean,
  limit: number,
  wanted: number,
): Promise<number> {
  const [row] = await selectRows<{ granted: number }>(
    db,
    sql`select take_send_quota(${mailboxId}::integer, ${day}::date, ${withLink}::boolean, ${limit}::integer, ${wanted}::integer) as granted`,
  );
  return row?.granted ?? 0;
}

/** Gives back `count` sends that did not happen. */
export async function refundSendQuotaMany(
  db: Db,
  mailboxId: number,
  day: string,
  withLink: boolean,
  count: number,
) {
  if (count <= 0) return;
  const column = withLink ? sql.raw('sent_with_unsubscribe') : sql.raw('sent_without_unsubscribe');
  await db.execute(sql`
    update send_quota set ${column} = greatest(${column} - ${count}::int, 0) where mailbox_id = ${mailboxId} and day = ${day}::date`);
}
