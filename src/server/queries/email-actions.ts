import { and, asc, count, eq, inArray, ne, param, sql } from 'drizzle-orm';
import { ALLOWED_FROM } from '../../contract/email-rules';
import { type Db, selectRows } from '../db/client';
import { campaigns, emails, REVIEW_RANK, recipients, type WorkspaceId } from '../db/schema';
import { recordAudit } from './audit';
import { campaignStep, nothingFound } from './emails';

export type EmailRow = typeof emails.$inferSelect;

export async function findOwnEmail(db: Db, workspaceId: WorkspaceId, id: number) {
  const [row] = await db
    .select({
      email: emails,
      recipient: { email: recipients.email, company: recipients.company, jobTitle: recipients.jobTitle },
    })
    .from(emails)
    .innerJoin(recipients, eq(recipients.id, emails.recipientId))
    .where(and(eq(emails.workspaceId, workspaceId), eq(emails.id, id)));
  return row ?? null;
}

/** Updates an email of this workspace if it is in one of `from` states; null otherwise. */
export async function updateOwnEmail(
  db: Db,
  workspaceId: WorkspaceId,
  id: number,
  values: Partial<EmailRow>,
  from?: readonly EmailRow['status'][],
) {
  const [row] = await db
    .update(emails)
    .set({ ...values, updatedAt: new Date() })
    .where(
      and(
        eq(emails.workspaceId, workspaceId),
        eq(emails.id, id),
        from ? inArray(emails.status, from) : undefined,
      ),
    )
    .returning();
  return row ?? null;
}

/**
 * Approves a campaign's emails in review (or one step's) in bulk: never one with an open
 * high-severity finding, never (under four-eyes approval) one the approver wrote and,
 * `withoutFindings`, only drafts the checks read and found nothing in. Never an answer (step 0).
 * Returns how many it approved, how many it left for a person and, of those, how many this person
 * wrote (under four-eyes, someone else approves them).
 */
export async function approveCampaignEmails(
  db: Db,
  campaignId: number,
  { step, withoutFindings = false }: { step?: number; withoutFindings?: boolean },
  approver: { userId: number; workspaceId: WorkspaceId; fourEyes: boolean },
) {
  const inScope = and(
    eq(emails.campaignId, campaignId),
    campaignStep,
    eq(emails.isApproved, false),
    inArray(emails.status, ALLOWED_FROM.approve),
    step === undefined ? undefined : eq(emails.step, step),
  );
  // Under four-eyes approval, what this person wrote is left for someone else.
  const mayApprove = approver.fourEyes
    ? sql`${emails.writtenBy} is distinct from ${approver.userId}::integer`
    : undefined;
  // Each approval is in the workspace's record, written with it.
  const rows = await db.transaction(async (tx) => {
    const approved = await tx
      .update(emails)
      .set({ isApproved: true, approvedBy: approver.userId, updatedAt: new Date() })
      .where(
        and(inScope, mayApprove, withoutFindings ? nothingFound : ne(emails.attentionRank, REVIEW_RANK.high)),
      )
      .returning({ id: emails.id });
    await recordAudit(
      tx,
      approved.map((row) => ({
        workspaceId: approver.workspaceId,
        actorId: approver.userId,
        action: 'email.approved',
        subjectType: 'email',
        subjectId: row.id,
        detail: { inBulk: true },
      })),
    );
    return approved;
  });
  // What is left, and how much of it waits for someone else because this person wrote it.
  const ownText = approver.fourEyes ? sql`${emails.writtenBy} = ${approver.userId}::integer` : sql`false`;
  const [left] = await db
    .select({ n: count(), forOthers: sql<number>`(count(*) filter (where ${ownText}))::int` })
    .from(emails)
    .where(inScope);
  return { approved: rows.length, held: left?.n ?? 0, heldForOthers: left?.forOthers ?? 0 };
}

/**
 * Updates the campaign emails among `ids` that belong to this workspace and are in one of `from`
 * states; returns each changed email's id and campaign. Other ids (another workspace's, in another
 * state, or an answer to a reply, step 0, which the Scheduled Emails dialog does not list) are left alone.
 */
export async function updateOwnEmails(
  db: Db,
  workspaceId: WorkspaceId,
  ids: readonly number[],
  values: Partial<EmailRow>,
  from: readonly EmailRow['status'][],
) {
  return db
    .update(emails)
    .set({ ...values, updatedAt: new Date() })
    .where(
      and(
        eq(emails.workspaceId, workspaceId),
        // One array parameter rather than a list of them: a few hundred ids stay cheap to plan.
        sql`${emails.id} = any(${param([...ids])}::bigint[])`,
        campaignStep,
        inArray(emails.status, from),
      ),
    )
    .returning({ id: emails.id, campaignId: emails.campaignId });
}

/**
 * A page of the workspace's scheduled campaign emails, soonest first; of one campaign with
 * `campaignId`. An answer held for tomorrow's limit (step 0) shows in its thread, not here.
 */
export async function listScheduledPage(
  db: Db,
  workspaceId: WorkspaceId,
  limit: number,
  offset: number,
  campaignId?: number,
) {
  const where = and(
    eq(emails.workspaceId, workspaceId),
    eq(emails.status, 'scheduled'),
    campaignStep,
    campaignId === undefined ? undefined : eq(emails.campaignId, campaignId),
  );
  const [items, [total]] = await Promise.all([
    db
      .select({
        email: emails,
        recipient: { email: recipients.email, company: recipients.company, jobTitle: recipients.jobTitle },
        campaign: { id: campaigns.id, name: campaigns.name },
      })
      .from(emails)
      .innerJoin(recipients, eq(recipients.id, emails.recipientId))
      .innerJoin(campaigns, eq(campaigns.id, emails.campaignId))
      .where(where)
      .orderBy(asc(emails.scheduledFor), asc(emails.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(emails).where(where),
  ]);
  return { items, total: total?.n ?? 0 };
}

/**
 * The first of a campaign's emails in one of `statuses` (and approved, with `approvedOnly`)
 * whose subject or body contains any of `texts`, letter case ignored; null when none does. A
 * person's answer (step 0) is not one: the campaign-wide actions this guards never send it.
 */
export async function firstEmailContaining(
  db: Db,
  campaignId: number,
  texts: readonly string[],
  scope: { statuses: readonly EmailRow['status'][]; approvedOnly: boolean },
) {
  const patterns = texts.map((t) => `%${t.replace(/[\\%_]/g, '\\$&')}%`);
  const [row] = await selectRows<{ subject: string; body: string; recipientEmail: string }>(
    db,
    sql`
    select e.subject, e.body, r.email as "recipientEmail"
    from ${emails} e join ${recipients} r on r.id = e.recipient_id
    where e.campaign_id = ${campaignId} and e.step > 0 and e.status = any(${param(scope.statuses)}::text[])
      and (e.is_approved or not ${scope.approvedOnly}::boolean)
      and (e.subject ilike any(${param(patterns)}::text[]) or e.body ilike any(${param(patterns)}::text[]))
    order by e.id
    limit 1`,
  );
  return row ?? null;
}
