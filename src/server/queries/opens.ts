import { and, asc, count, eq, sql } from 'drizzle-orm';
import { type Db, selectRows } from '../db/client';
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
 * leaked or replayed pixel URL cannot grow the table without bound.
 */
export async function insertOpen(db: Db, open: NewOpen, maxPerEmail: number): Promise<boolean> {
  const rows = await selectRows(
    db,
    sql`
    insert into ${emailOpens} (email_id, user_id, campaign_id, user_agent, is_machine, opened_at)
    select ${open.emailId}::bigint, ${open.userId}::integer, ${open.campaignId}::integer,
           ${open.userAgent}::text, ${open.isMachine}::boolean, ${open.openedAt.toISOString()}::timestamptz
    where (select count(*) from ${emailOpens} where email_id = ${open.emailId}::bigint) < ${maxPerEmail}
    returning id`,
  );
  return rows.length > 0;
}

/** Sent emails of a campaign, and how many of them were opened by a person or by anything. */
export async function countCampaignOpens(db: Db, userId: number, campaignId: number) {
  const opened = (humanOnly: boolean) => sql`exists (
    select 1 from ${emailOpens} o where o.email_id = ${emails.id}${humanOnly ? sql` and not o.is_machine` : sql``})`;
  const [[emailCounts], [machine]] = await Promise.all([
    db
      .select({
        sent: count(),
        uniqueOpens: sql<number>`count(*) filter (where ${opened(true)})`.mapWith(Number),
        uniqueOpensIncludingMachine: sql<number>`count(*) filter (where ${opened(false)})`.mapWith(Number),
      })
      .from(emails)
      .where(and(eq(emails.userId, userId), eq(emails.campaignId, campaignId), eq(emails.status, 'sent'))),
    db
      .select({ n: count() })
      .from(emailOpens)
      .where(
        and(
          eq(emailOpens.userId, userId),
          eq(emailOpens.campaignId, campaignId),
          eq(emailOpens.isMachine, true),
        ),
      ),
  ]);
  return {
    sent: emailCounts?.sent ?? 0,
    uniqueOpens: emailCounts?.uniqueOpens ?? 0,
    uniqueOpensIncludingMachine: emailCounts?.uniqueOpensIncludingMachine ?? 0,
    machineOpens: machine?.n ?? 0,
  };
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
        sql`exists (select 1 from ${emailOpens} o where o.email_id = ${emails.id} and not o.is_machine)`,
      ),
    )
    .orderBy(asc(sql`lower(${recipients.email})`), asc(recipients.email));
  return rows.map((r) => r.email);
}
