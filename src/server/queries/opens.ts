import { and, asc, count, eq, isNotNull, sql } from 'drizzle-orm';
import { type Db, preparedQuery, selectRows } from '../db/client';
import { emailOpens, emails, recipients } from '../db/schema';

export type NewOpen = {
  emailId: number;
  userId: number;
  campaignId: number;
  userAgent: string | null;
  isMachine: boolean;
  openedAt: Date;
};

/**
 * Records an open unless the email already has `maxPerEmail` of them: one statement, so a
 * leaked or replayed pixel URL cannot grow the table without bound. The email's first open (and
 * first by a person) is stamped in the same statement: those make the unique opens, and the
 * analytics rollup follows them (migration 0005).
 */
export async function insertOpen(db: Db, open: NewOpen, maxPerEmail: number): Promise<boolean> {
  const at = open.openedAt.toISOString();
  const rows = await selectRows(
    db,
    sql`
    with inserted as (
      insert into ${emailOpens} (email_id, user_id, campaign_id, user_agent, is_machine, opened_at)
      select ${open.emailId}::bigint, ${open.userId}::integer, ${open.campaignId}::integer,
             ${open.userAgent}::text, ${open.isMachine}::boolean, ${at}::timestamptz
      where (select count(*) from ${emailOpens} where email_id = ${open.emailId}::bigint) < ${maxPerEmail}
      returning id
    ), first_open as (
      update ${emails}
      set opened_at = coalesce(opened_at, ${at}::timestamptz),
          human_opened_at = case when ${open.isMachine}::boolean then human_opened_at
                                 else coalesce(human_opened_at, ${at}::timestamptz) end
      where id = ${open.emailId}::bigint and exists (select 1 from inserted)
        and (opened_at is null or (not ${open.isMachine}::boolean and human_opened_at is null))
    )
    select id from inserted`,
  );
  return rows.length > 0;
}

const machineOpensQuery = preparedQuery((db) =>
  db
    .select({ n: count() })
    .from(emailOpens)
    .where(
      and(
        eq(emailOpens.userId, sql.placeholder('userId')),
        eq(emailOpens.campaignId, sql.placeholder('campaignId')),
        sql`${emailOpens.isMachine}`,
      ),
    )
    .prepare('count_machine_opens'),
);

/** Opens of a campaign's emails recorded as likely image-proxy prefetches (every fetch, not unique). */
export async function countMachineOpens(db: Db, userId: number, campaignId: number) {
  const [row] = await machineOpensQuery(db).execute({ userId, campaignId });
  return row?.n ?? 0;
}

/** Addresses of a campaign's sent emails that a person (not a proxy) opened, in address order. */
export async function listHumanOpenedAddresses(db: Db, userId: number, campaignId: number) {
  const rows = await db
    .select({ email: recipients.email })
    .from(emails)
    .innerJoin(recipients, eq(recipients.id, emails.recipientId))
    .where(
      and(
        eq(emails.userId, userId),
        eq(emails.campaignId, campaignId),
        eq(emails.status, 'sent'),
        isNotNull(emails.humanOpenedAt),
      ),
    )
    .orderBy(asc(sql`lower(${recipients.email})`), asc(recipients.email));
  return rows.map((r) => r.email);
}
