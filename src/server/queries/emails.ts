import { and, asc, count, eq, inArray, lt, param, sql } from 'drizzle-orm';
import { FINDING_KINDS, type FindingKind } from '../../contract/draft-findings';
import { ALLOWED_FROM, FOLLOW_UPS_TO_START } from '../../contract/email-rules';
import { columnArrays, type Db, selectRows } from '../db/client';
import { auditEvents, emails, REVIEW_RANK, recipients, users, type WorkspaceId } from '../db/schema';

export type NewEmail = {
  recipientId: number;
  /** 1 for the first email, 2 and up for follow-ups. */
  step: number;
  subject: string;
  body: string;
  status: 'draft' | 'failed';
  errorMessage: string | null;
  attentionReason: string | null;
  trackingToken: string;
};

/** How a batch was written, for each email's line in the workspace's record. */
export type GenerationRecord = {
  /** The AI provider and model; null for a fixed template. */
  provider: string | null;
  model: string | null;
  /** SHA-256 of the template (its prompt, or its subject and body) and of the sender profile used. */
  promptHash: string;
  senderProfileHash: string;
};

/**
 * Writes generated emails in one statement, with each one's `email.generated` line in the
 * workspace's record (the same statement: both or neither). The unique key on (recipient_id,
 * step) makes a second writer (a retried job, a second worker) a no-op: a recipient never gets
 * two emails for one step, nor two records of it.
 */
export async function insertEmailBatch(
  db: Db,
  campaign: {
    id: number;
    workspaceId: WorkspaceId;
    userId: number;
    generatedBy: number | null;
    includeUnsubscribeLink: boolean;
  },
  rows: NewEmail[],
  record: GenerationRecord,
): Promise<number> {
  if (rows.length === 0) return 0;
  const column = columnArrays(rows);
  const [written] = await selectRows<{ n: number }>(
    db,
    sql`
    with inserted as (
      insert into ${emails} (workspace_id, user_id, written_by, generated_by, campaign_id, include_unsubscribe_link,
                             recipient_id, step, subject, body, status, error_message, attention_reason, tracking_token)
      select ${campaign.workspaceId}, ${campaign.userId}, ${campaign.generatedBy}::integer,
             ${campaign.generatedBy}::integer, ${campaign.id},
             ${campaign.includeUnsubscribeLink}, t.*
      from unnest(${column('recipientId')}::bigint[], ${column('step')}::integer[], ${column('subject')}::text[],
                  ${column('body')}::text[], ${column('status')}::text[], ${column('errorMessage')}::text[],
                  ${column('attentionReason')}::text[], ${column('trackingToken')}::text[])
        as t(recipient_id, step, subject, body, status, error_message, attention_reason, tracking_token)
      on conflict (recipient_id, step) where step > 0 do nothing
      returning id
    ), recorded as (
      insert into ${auditEvents} (workspace_id, actor_id, actor_email, action, subject_type, subject_id, detail)
      select ${campaign.workspaceId}, ${campaign.generatedBy}::integer,
             (select u.email from ${users} u where u.id = ${campaign.generatedBy}::integer),
             'email.generated', 'email', inserted.id, ${JSON.stringify(record)}::jsonb
      from inserted
    )
    select count(*)::int as n from inserted`,
  );
  return written?.n ?? 0;
}

/** An email of a recipient's thread, as a follow-up's writer sees it. */
export type ThreadDraft = { step: number; subject: string; body: string };

/**
 * The emails before `step` of each of these recipients, in step order: the sequence's steps only,
 * never a person's answer to a reply (step 0), which is no step the follow-up comes after.
 */
export async function threadDrafts(db: Db, recipientIds: number[], step: number) {
  const rows = await selectRows<ThreadDraft & { recipientId: number }>(
    db,
    sql`
    select recipient_id::int as "recipientId", step, subject, body
    from ${emails}
    where recipient_id = any(${param(recipientIds)}::bigint[]) and step > 0 and step < ${step}::integer
    order by recipient_id, step`,
  );
  const found = new Map<number, ThreadDraft[]>();
  for (const { recipientId, ...draft } of rows) {
    const list = found.get(recipientId);
    if (list) list.push(draft);
    else found.set(recipientId, [draft]);
  }
  return found;
}

/** Which of a campaign's emails a page lists, and in what order (the contract's emailPageQuery). */
export type EmailListing = {
  order: 'recipient' | 'attention';
  /** Only emails that need attention: for any finding, or for one kind. */
  finding?: FindingKind | 'any';
};

/**
 * A campaign's own emails: its steps (1, 2, …), not the answers people wrote to replies in the inbox
 * (step 0), which the campaign's review, counts and actions leave alone.
 */
export const campaignStep = sql`${emails.step} > 0`;

/** One page of a campaign's emails with the recipient details the review dialog shows. */
export async function listEmailPage(
  db: Db,
  campaignId: number,
  limit: number,
  offset: number,
  { order, finding }: EmailListing = { order: 'recipient' },
) {
  const where = and(
    eq(emails.campaignId, campaignId),
    campaignStep,
    finding === undefined ? undefined : lt(emails.attentionRank, REVIEW_RANK.none),
    finding === undefined || finding === 'any' ? undefined : hasFindingOfKind(finding),
  );
  // Recipient order keeps a sequence's steps together; the queue puts what the checks flagged first.
  const ordering =
    order === 'attention'
      ? [asc(emails.queueRank), asc(emails.recipientId), asc(emails.step)]
      : [asc(emails.recipientId), asc(emails.step)];
  const [items, [total]] = await Promise.all([
    db
      .select({
        email: emails,
        recipient: { email: recipients.email, company: recipients.company, jobTitle: recipients.jobTitle },
      })
      .from(emails)
      .innerJoin(recipients, eq(recipients.id, emails.recipientId))
      .where(where)
      .orderBy(...ordering)
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(emails).where(where),
  ]);
  return { items, total: total?.n ?? 0 };
}

function hasFindingOfKind(kind: FindingKind) {
  return sql`${emails.findings} @> ${JSON.stringify([{ kind }])}::jsonb`;
}

/**
 * Campaign-wide approval and review counts for the review dialog, in one pass over the campaign.
 * `writerHeld`: under four-eyes, the member whose own emails "Approve all without findings" leaves
 * for someone else, so its count leaves them out too.
 */
export async function approvalCounts(db: Db, campaignId: number, writerHeld: number | null = null) {
  const open = sql`${emails.attentionRank} < ${REVIEW_RANK.none}`;
  const mayApprove =
    writerHeld === null ? sql`true` : sql`${emails.writtenBy} is distinct from ${writerHeld}::integer`;
  const inReview = sql`not ${emails.isApproved} and ${inArray(emails.status, ALLOWED_FROM.approve)}`;
  const byKind = FINDING_KINDS.map(
    (kind) => sql`(count(*) filter (where ${open} and ${hasFindingOfKind(kind)}))::int`,
  );
  const [row] = await db
    .select({
      approved: sql<number>`(count(*) filter (where ${emails.isApproved}))::int`,
      // What "Send now" sends (or "Schedule" schedules): approved first emails in a state the rule book
      // lets it send from. Follow-ups never go with them: each waits for its due time.
      firstToSend: sql<number>`(count(*) filter (where ${emails.step} = 1 and ${emails.isApproved} and ${inArray(emails.status, ALLOWED_FROM['send-approved'])}))::int`,
      // Approved follow-ups the same action puts into their sequence (those already in it are left alone).
      followUpsToStart: sql<number>`(count(*) filter (where ${emails.step} > 1 and ${emails.isApproved} and ${inArray(emails.status, FOLLOW_UPS_TO_START)}))::int`,
      needsAttention: sql<number>`(count(*) filter (where ${open}))::int`,
      byKind: sql<number[]>`array[${sql.join(byKind, sql`, `)}]`,
      withoutFindings: sql<number>`(count(*) filter (where ${inReview} and ${nothingFound} and ${mayApprove}))::int`,
      unchecked: sql<number>`(count(*) filter (where ${inReview} and ${emails.findings} is null))::int`,
      approvedWithDismissed: sql<number>`(count(*) filter (where ${emails.isApproved} and ${emails.findingsDismissed}
                                         and jsonb_array_length(${emails.findings}) > 0))::int`,
    })
    .from(emails)
    .where(and(eq(emails.campaignId, campaignId), campaignStep));
  return {
    approved: row?.approved ?? 0,
    firstToSend: row?.firstToSend ?? 0,
    followUpsToStart: row?.followUpsToStart ?? 0,
    needsAttention: row?.needsAttention ?? 0,
    byKind: Object.fromEntries(FINDING_KINDS.map((kind, i) => [kind, row?.byKind[i] ?? 0])) as Record<
      FindingKind,
      number
    >,
    withoutFindings: row?.withoutFindings ?? 0,
    unchecked: row?.unchecked ?? 0,
    approvedWithDismissed: row?.approvedWithDismissed ?? 0,
  };
}

/** The checks read the draft and found nothing ("Approve all without findings" takes only these). */
export const nothingFound = sql`(${emails.findings} is not null and jsonb_array_length(${emails.findings}) = 0)`;

/** Deletes a step's emails that are still in review (draft or failed); returns how many. */
export async function deleteStepDrafts(db: Db, campaignId: number, step: number) {
  const rows = await db
    .delete(emails)
    .where(
      and(
        eq(emails.campaignId, campaignId),
        eq(emails.step, step),
        inArray(emails.status, ['draft', 'failed']),
      ),
    )
    .returning({ id: emails.id });
  return rows.length;
}

/**
 * Whether any of the campaign's emails left review (on its way, sent, stopped…): one index probe.
 * An answer (step 0) is no email of the review's.
 */
export async function hasEmailsPastReview(db: Db, campaignId: number) {
  const [row] = await db
    .select({ one: sql`1` })
    .from(emails)
    .where(
      and(eq(emails.campaignId, campaignId), sql`${emails.status} not in ('draft', 'failed')`, campaignStep),
    )
    .limit(1);
  return row !== undefined;
}
