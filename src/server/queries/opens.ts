import { and, asc, count, eq, isNotNull, param, sql } from 'drizzle-orm';
import { columnArrays, type Db, selectRows } from '../db/client';
import { preparedQuery } from '../db/prepared';
import { campaigns, emailOpens, emails, recipients, type WorkspaceId } from '../db/schema';

export type NewOpen = {
  emailId: number;
  userId: number;
  campaignId: number;
  userAgent: string | null;
  isMachine: boolean;
  openedAt: Date;
};

/**
 * Records opens, each unless its email already has `maxPerEmail` of them: one statement for any
 * number of opens, so a leaked or replayed pixel URL cannot grow the table without bound and a
 * burst of pixel fetches costs one round trip and one run of the rollup triggers. Each email's
 * first open (and first by a person) is stamped in the same statement: those make the unique
 * opens, and the analytics rollup follows them (migration 0005). Returns the ids of the emails
 * whose opens were stored (the cap is checked against the table as it was before the statement).
 */
export async function insertOpens(db: Db, opens: NewOpen[], maxPerEmail: number): Promise<Set<number>> {
  if (opens.length === 0) return new Set();
  const column = columnArrays(opens);
  const rows = await selectRows<{ email_id: string | number }>(
    db,
    sql`
    with input as (
      select * from unnest(${column('emailId')}::bigint[], ${column('userId')}::integer[],
                           ${column('campaignId')}::integer[], ${column('userAgent')}::text[],
                           ${column('isMachine')}::boolean[],
                           ${param(opens.map((o) => o.openedAt.toISOString()))}::timestamptz[])
        as i(email_id, user_id, campaign_id, user_agent, is_machine, opened_at)
    ), inserted as (
      insert into ${emailOpens} (email_id, user_id, campaign_id, user_agent, is_machine, opened_at)
      select email_id, user_id, campaign_id, user_agent, is_machine, opened_at from input
      where (select count(*) from ${emailOpens} o where o.email_id = input.email_id) < ${maxPerEmail}
      returning email_id
    ), firsts as (
      select email_id, min(opened_at) as at, min(opened_at) filter (where not is_machine) as human_at
      from input where email_id in (select email_id from inserted)
      group by email_id
    ), stamped as (
      update ${emails} e
      set opened_at = coalesce(e.opened_at, f.at),
          human_opened_at = coalesce(e.human_opened_at, f.human_at)
      from firsts f
      where e.id = f.email_id
        and (e.opened_at is null or (f.human_at is not null and e.human_opened_at is null))
    )
    select distinct email_id from inserted`,
  );
  return new Set(rows.map((r) => Number(r.email_id)));
}

/** One open: insertOpens for a single fetch. Returns whether it was stored. */
export async function insertOpen(db: Db, open: NewOpen, maxPerEmail: number): Promise<boolean> {
  return (await insertOpens(db, [open], maxPerEmail)).has(open.emailId);
}

const machineOpensQuery = preparedQuery((db) =>
  db
    .select({ n: count() })
    .from(emailOpens)
    .where(
      and(
        eq(emailOpens.campaignId, sql.placeholder('campaignId')),
        sql`exists (select 1 from ${campaigns} where ${campaigns.id} = ${sql.placeholder('campaignId')}
                       and ${campaigns.workspaceId} = ${sql.placeholder('workspaceId')})`,
        sql`${emailOpens.isMachine}`,
      ),
    )
    .prepare('count_machine_opens'),
);

/** Opens of a campaign's emails recorded as likely image-proxy prefetches (every fetch, not unique). */
export async function countMachineOpens(db: Db, workspaceId: WorkspaceId, campaignId: number) {
  const [row] = await machineOpensQuery(db).execute({ workspaceId, campaignId });
  return row?.n ?? 0;
}

/** Addresses of a campaign's sent emails that a person (not a proxy) opened, in address order. */
export async function listHumanOpenedAddresses(db: Db, workspaceId: WorkspaceId, campaignId: number) {
  const rows = await db
    .select({ email: recipients.email })
    .from(emails)
    .innerJoin(recipients, eq(recipients.id, emails.recipientId))
    .where(
      and(
        eq(emails.workspaceId, workspaceId),
        eq(emails.campaignId, campaignId),
        eq(emails.status, 'sent'),
        isNotNull(emails.humanOpenedAt),
      ),
    )
    .orderBy(asc(sql`lower(${recipients.email})`), asc(recipients.email));
  return rows.map((r) => r.email);
}
