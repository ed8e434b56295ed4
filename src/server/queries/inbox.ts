import { and, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { AnswerCategory } from '../../contract/answers';
import type { EmailStatus } from '../../contract/email-rules';
import type { InboxQuery } from '../../contract/inbox';
import { type Db, selectRows } from '../db/client';
import {
  answerBodies,
  answerCategoryChanges,
  campaigns,
  emails,
  inboundMessages,
  mailboxes,
  memberships,
  recipients,
  users,
  type WorkspaceId,
  workspaces,
} from '../db/schema';

/** One answer as the inbox lists it: the record, and what it answers, where it arrived, who has it. */
function inboxSelect(db: Db) {
  return db
    .select({
      message: inboundMessages,
      campaignId: campaigns.id,
      campaignName: campaigns.name,
      recipientEmail: recipients.email,
      mailboxAddress: sql<
        string | null
      >`coalesce(${mailboxes.address}, (select u.email from ${users} u where u.id = ${mailboxes.userId}))`,
      assigneeFirstName: users.firstName,
      assigneeLastName: users.lastName,
      assigneeEmail: users.email,
      // Its latest answer: one probe of emails_answers_inbound_idx per listed row.
      answer: sql<{ status: EmailStatus; at: string } | null>`(
        select json_build_object('status', a.status, 'at', coalesce(a.sent_at, a.scheduled_for, a.created_at))
        from ${emails} a where a.answers_inbound_id = ${inboundMessages.id} order by a.id desc limit 1)`,
    })
    .from(inboundMessages)
    .leftJoin(emails, eq(emails.id, inboundMessages.emailId))
    .leftJoin(campaigns, eq(campaigns.id, emails.campaignId))
    .leftJoin(recipients, eq(recipients.id, emails.recipientId))
    .leftJoin(mailboxes, eq(mailboxes.id, inboundMessages.mailboxId))
    .leftJoin(users, eq(users.id, inboundMessages.assignedTo));
}
export type InboxRow = Awaited<ReturnType<ReturnType<typeof inboxSelect>['execute']>>[number];

function filters(workspaceId: WorkspaceId, me: number, q: InboxQuery): SQL {
  const m = inboundMessages;
  const parts: (SQL | undefined)[] = [eq(m.workspaceId, workspaceId)];
  if (q.status === 'unread') parts.push(isNull(m.readAt));
  if (q.status === 'read') parts.push(isNotNull(m.readAt));
  if (q.category === 'none') parts.push(isNull(m.category));
  else if (q.category) parts.push(eq(m.category, q.category));
  if (q.campaignId) parts.push(eq(emails.campaignId, q.campaignId));
  if (q.mailboxId) parts.push(eq(m.mailboxId, q.mailboxId));
  if (q.assignee === 'me') parts.push(eq(m.assignedTo, me));
  else if (q.assignee === 'nobody') parts.push(isNull(m.assignedTo));
  else if (q.assignee) parts.push(eq(m.assignedTo, q.assignee));
  return and(...parts)!;
}

/**
 * Newest first, in the order of inbound_messages_inbox_idx, nulls and all: PostgreSQL walks an
 * index only for the ordering it was built with, and a plain `desc` (nulls first) would sort the
 * workspace's every answer for each page.
 */
const NEWEST_FIRST = [
  sql`${inboundMessages.receivedAt} desc nulls last`,
  sql`${inboundMessages.id} desc nulls last`,
];

/** One page of the workspace's answers under the filters, newest first. */
export function inboxPage(db: Db, workspaceId: WorkspaceId, me: number, q: InboxQuery) {
  return inboxSelect(db)
    .where(filters(workspaceId, me, q))
    .orderBy(...NEWEST_FIRST)
    .limit(q.limit)
    .offset(q.offset);
}

/** A page of the workspace's answers, newest first, with the filtered total and the unread count. */
export async function listInbox(db: Db, workspaceId: WorkspaceId, me: number, q: InboxQuery) {
  const where = filters(workspaceId, me, q);
  const [rows, [count], unread] = await Promise.all([
    inboxPage(db, workspaceId, me, q),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(inboundMessages)
      .leftJoin(emails, eq(emails.id, inboundMessages.emailId))
      .where(where),
    countUnread(db, workspaceId),
  ]);
  return { rows, total: count?.n ?? 0, unread };
}

export async function countUnread(db: Db, workspaceId: WorkspaceId): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(inboundMessages)
    .where(and(eq(inboundMessages.workspaceId, workspaceId), isNull(inboundMessages.readAt)));
  return row?.n ?? 0;
}

export async function findInboxItem(db: Db, workspaceId: WorkspaceId, id: number): Promise<InboxRow | null> {
  const [row] = await inboxSelect(db)
    .where(and(eq(inboundMessages.workspaceId, workspaceId), eq(inboundMessages.id, id)))
    .limit(1);
  return row ?? null;
}

/** Read (the first reading's time stays) or unread again; false when the workspace has no such answer. */
export async function setRead(db: Db, workspaceId: WorkspaceId, id: number, read: boolean, now: Date) {
  const rows = await db
    .update(inboundMessages)
    .set({
      readAt: read ? sql`coalesce(${inboundMessages.readAt}, ${now.toISOString()}::timestamptz)` : null,
    })
    .where(and(eq(inboundMessages.workspaceId, workspaceId), eq(inboundMessages.id, id)))
    .returning({ id: inboundMessages.id });
  return rows.length > 0;
}

/**
 * A person's category (and for "not now" the day to write again), kept in the answer's record
 * with who and when, unless it is what the answer has already. One transaction, the answer's row
 * locked, so two people changing it at once leave two changes in order. False when the workspace
 * has no such answer.
 */
export async function setCategory(
  db: Db,
  workspaceId: WorkspaceId,
  id: number,
  change: { category: AnswerCategory | null; notNowUntil: string | null; by: number; at: Date },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ category: inboundMessages.category, notNowUntil: inboundMessages.notNowUntil })
      .from(inboundMessages)
      .where(and(eq(inboundMessages.workspaceId, workspaceId), eq(inboundMessages.id, id)))
      .for('update');
    if (!current) return false;
    if (current.category === change.category && current.notNowUntil === change.notNowUntil) return true;
    await tx
      .update(inboundMessages)
      .set({ category: change.category, categorySource: 'person', notNowUntil: change.notNowUntil })
      .where(eq(inboundMessages.id, id));
    await tx.insert(answerCategoryChanges).values({
      inboundMessageId: id,
      fromCategory: current.category,
      toCategory: change.category,
      source: 'person',
      changedBy: change.by,
      changedAt: change.at,
    });
    return true;
  });
}

/** Assigns the answer to a member of its workspace (or to nobody): 'done', 'not-found' or 'not-a-member'. */
export async function setAssignee(db: Db, workspaceId: WorkspaceId, id: number, userId: number | null) {
  if (userId !== null) {
    const [member] = await db
      .select({ userId: memberships.userId })
      .from(memberships)
      .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.userId, userId)));
    if (!member) return 'not-a-member' as const;
  }
  const rows = await db
    .update(inboundMessages)
    .set({ assignedTo: userId })
    .where(and(eq(inboundMessages.workspaceId, workspaceId), eq(inboundMessages.id, id)))
    .returning({ id: inboundMessages.id });
  return rows.length > 0 ? ('done' as const) : ('not-found' as const);
}

/** Every change of one email's answers' categories, oldest first, with who made it. */
export async function categoryChangesOfEmail(db: Db, emailId: number) {
  return db
    .select({
      inboundMessageId: answerCategoryChanges.inboundMessageId,
      fromCategory: answerCategoryChanges.fromCategory,
      toCategory: answerCategoryChanges.toCategory,
      source: answerCategoryChanges.source,
      at: answerCategoryChanges.changedAt,
      byEmail: users.email,
    })
    .from(answerCategoryChanges)
    .innerJoin(inboundMessages, eq(inboundMessages.id, answerCategoryChanges.inboundMessageId))
    .leftJoin(users, eq(users.id, answerCategoryChanges.changedBy))
    .where(eq(inboundMessages.emailId, emailId))
    .orderBy(answerCategoryChanges.changedAt, answerCategoryChanges.id);
}

/**
 * The AI provider's category for an answer nobody has placed yet (the rules could not, no person
 * has): kept with a change in the answer's record, in one statement. False when it had one.
 */
export async function setAiCategory(
  db: Db,
  userId: number,
  sourceKey: string,
  ruled: { category: AnswerCategory; until: Date | null; colleagueAddress: string | null },
  at: Date,
): Promise<boolean> {
  const rows = await selectRows<{ id: number }>(
    db,
    sql`
    with placed as (
      update ${inboundMessages}
      set category = ${ruled.category}, category_source = 'ai',
          not_now_until = ${ruled.until ? ruled.until.toISOString().slice(0, 10) : null}::date,
          colleague_address = coalesce(colleague_address, ${ruled.colleagueAddress}::text)
      where user_id = ${userId} and source_key = ${sourceKey} and category is null
      returning id
    )
    insert into ${answerCategoryChanges} (inbound_message_id, from_category, to_category, source, changed_at)
    select id, null, ${ruled.category}, 'ai', ${at.toISOString()}::timestamptz from placed
    returning id`,
  );
  return rows.length > 0;
}

/** Where an answer can be read again, and how long its workspace keeps answers. */
export async function findAnswerSource(db: Db, workspaceId: WorkspaceId, id: number) {
  const [row] = await db
    .select({
      id: inboundMessages.id,
      mailboxId: inboundMessages.mailboxId,
      providerRef: inboundMessages.providerRef,
      sourceKey: inboundMessages.sourceKey,
      link: inboundMessages.link,
      keepDays: workspaces.keepAnswerDays,
    })
    .from(inboundMessages)
    .innerJoin(workspaces, eq(workspaces.id, inboundMessages.workspaceId))
    .where(and(eq(inboundMessages.workspaceId, workspaceId), eq(inboundMessages.id, id)));
  return row ?? null;
}

/** A kept answer is past its time when its workspace's days (as set now) have passed since it was kept. */
const pastItsTime = (now: Date) =>
  sql`${answerBodies.keptAt} + make_interval(days => ${workspaces.keepAnswerDays}) <= ${now.toISOString()}::timestamptz`;

/** The kept copy of an answer, unless its time is up. */
export async function findKeptBody(db: Db, id: number, now: Date): Promise<unknown | null> {
  const [row] = await db
    .select({ content: answerBodies.content })
    .from(answerBodies)
    .innerJoin(inboundMessages, eq(inboundMessages.id, answerBodies.inboundMessageId))
    .innerJoin(workspaces, eq(workspaces.id, inboundMessages.workspaceId))
    .where(and(eq(answerBodies.inboundMessageId, id), sql`not (${pastItsTime(now)})`));
  return row?.content ?? null;
}

export async function keepBody(db: Db, id: number, content: object, keptAt: Date) {
  await db
    .insert(answerBodies)
    .values({ inboundMessageId: id, content, keptAt })
    .onConflictDoUpdate({ target: answerBodies.inboundMessageId, set: { content, keptAt } });
}

/** Deletes the kept answers whose time is up; answers how many. */
export async function deleteExpiredBodies(db: Db, now: Date): Promise<number> {
  const rows = await selectRows<{ id: number }>(
    db,
    sql`
    delete from ${answerBodies} using ${inboundMessages}, ${workspaces}
    where ${inboundMessages.id} = ${answerBodies.inboundMessageId} and ${workspaces.id} = ${inboundMessages.workspaceId}
      and ${pastItsTime(now)}
    returning ${answerBodies.inboundMessageId} as id`,
  );
  return rows.length;
}
