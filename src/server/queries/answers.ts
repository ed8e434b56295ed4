import crypto from 'node:crypto';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  emails,
  inboundMessages,
  mailboxes,
  recipients,
  unsubscribes,
  users,
  type WorkspaceId,
} from '../db/schema';

type EmailRow = typeof emails.$inferSelect;

/** An answer's row with the name of the member who wrote it. */
export type AnswerRow = EmailRow & { writerName: string | null };

const writerName = sql<
  string | null
>`(select coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.email)
  from ${users} u where u.id = ${emails.writtenBy})`;

/**
 * A reply of this workspace with what answering it, or adding the colleague it names, needs: the
 * email it answers (campaign, recipient with their row, the first email's subject), the mailbox it
 * arrived in and whose it is, whether its recipient is on the suppression list, and its answers.
 * Null when the workspace has no such message.
 */
export async function answerTargetOf(db: Db, workspaceId: WorkspaceId, inboundId: number) {
  const [row] = await db
    .select({
      inbound: inboundMessages,
      campaignId: emails.campaignId,
      recipientId: emails.recipientId,
      recipientEmail: recipients.email,
      recipientData: recipients.data,
      recipientCompany: recipients.company,
      recipientTimeZone: recipients.timeZone,
      firstSubject: sql<
        string | null
      >`(select f.subject from ${emails} f where f.recipient_id = ${emails.recipientId} and f.step = 1)`,
      mailboxAddress: sql<
        string | null
      >`coalesce(${mailboxes.address}, (select u.email from ${users} u where u.id = ${inboundMessages.userId}))`,
      suppressed: sql<boolean>`exists (select 1 from ${unsubscribes} s
        where s.workspace_id = ${inboundMessages.workspaceId} and lower(s.email) = lower(${recipients.email}))`,
    })
    .from(inboundMessages)
    .leftJoin(emails, eq(emails.id, inboundMessages.emailId))
    .leftJoin(recipients, eq(recipients.id, emails.recipientId))
    .leftJoin(mailboxes, eq(mailboxes.id, inboundMessages.mailboxId))
    .where(and(eq(inboundMessages.workspaceId, workspaceId), eq(inboundMessages.id, inboundId)))
    .limit(1);
  if (!row) return null;
  const answers = await answersWhere(db, eq(emails.answersInboundId, inboundId));
  return { ...row, answers, answer: answers.at(-1) ?? null };
}
export type AnswerTarget = NonNullable<Awaited<ReturnType<typeof answerTargetOf>>>;

function answersWhere(db: Db, where: ReturnType<typeof eq>) {
  return db
    .select({ email: emails, writerName })
    .from(emails)
    .where(and(where, eq(emails.step, 0)))
    .orderBy(asc(emails.createdAt), asc(emails.id))
    .then((rows) => rows.map((r): AnswerRow => ({ ...r.email, writerName: r.writerName })));
}

/**
 * The conversation with one recipient: the campaign's emails sent to them (in sending order), what
 * their mailbox answered to any of them, and the workspace's answers.
 */
export async function conversationOf(db: Db, recipientId: number) {
  const [sent, inbound, answers] = await Promise.all([
    db
      .select()
      .from(emails)
      .where(and(eq(emails.recipientId, recipientId), gt(emails.step, 0), eq(emails.status, 'sent')))
      .orderBy(asc(emails.sentAt), asc(emails.id)),
    db
      .select()
      .from(inboundMessages)
      .where(
        inArray(
          inboundMessages.emailId,
          db.select({ id: emails.id }).from(emails).where(eq(emails.recipientId, recipientId)),
        ),
      )
      .orderBy(asc(inboundMessages.receivedAt), asc(inboundMessages.id)),
    answersWhere(db, eq(emails.recipientId, recipientId)),
  ]);
  return { sent, inbound, answers };
}

/** What an answer carries when it is written: the target's campaign and recipient, the writer. */
export type NewAnswer = {
  target: AnswerTarget & { campaignId: number; recipientId: number };
  subject: string;
  body: string;
  by: number;
  /** Null: now (queued); else scheduled for then. */
  sendAt: Date | null;
};

/** The states of an answer that keep another from being written: on its way, or not known to have arrived. */
export const ANSWER_IN_FLIGHT = ['queued', 'sending', 'unknown'] as const;

/**
 * Stores the answer, written and approved by the member who sends it (a person's own letter:
 * sending it is approving it): queued, or scheduled for `sendAt`. The reply's row is locked first,
 * so of two members answering at once one sees the other's answer on its way and stores nothing
 * (null).
 */
export async function insertAnswer(
  tx: Db,
  { target, subject, body, by, sendAt }: NewAnswer,
): Promise<number | null> {
  await tx.execute(sql`select 1 from ${inboundMessages} where id = ${target.inbound.id} for update`);
  const [busy] = await tx
    .select({ id: emails.id })
    .from(emails)
    .where(and(eq(emails.answersInboundId, target.inbound.id), inArray(emails.status, [...ANSWER_IN_FLIGHT])))
    .limit(1);
  if (busy) return null;
  const [row] = await tx
    .insert(emails)
    .values({
      workspaceId: target.inbound.workspaceId!,
      // The mailbox's owner: quota, pacing and the sync of the mailbox the reply arrived in go by it.
      userId: target.inbound.userId,
      campaignId: target.campaignId,
      recipientId: target.recipientId,
      step: 0,
      answersInboundId: target.inbound.id,
      subject,
      body,
      isApproved: true,
      status: sendAt ? 'scheduled' : 'queued',
      scheduledFor: sendAt,
      writtenBy: by,
      approvedBy: by,
      includeUnsubscribeLink: false,
      trackingToken: crypto.randomBytes(18).toString('base64url'),
    })
    .returning({ id: emails.id });
  return row!.id;
}

/** One answer by its email id, with its writer's name. */
export async function answerById(db: Db, emailId: number): Promise<AnswerRow | null> {
  const [row] = await answersWhere(db, eq(emails.id, emailId));
  return row ?? null;
}

/** The answers written to the replies of one email (its events list them). */
export async function answersToEmail(db: Db, emailId: number): Promise<AnswerRow[]> {
  return answersWhere(
    db,
    inArray(
      emails.answersInboundId,
      db.select({ id: inboundMessages.id }).from(inboundMessages).where(eq(inboundMessages.emailId, emailId)),
    ),
  );
}

/** Stops the reply's answers still waiting for their time; returns the ids stopped. */
export async function stopScheduledAnswers(db: Db, inboundId: number, reason: string): Promise<number[]> {
  const rows = await db
    .update(emails)
    .set({ status: 'stopped', scheduledFor: null, errorMessage: reason, updatedAt: new Date() })
    .where(and(eq(emails.answersInboundId, inboundId), eq(emails.step, 0), eq(emails.status, 'scheduled')))
    .returning({ id: emails.id });
  return rows.map((r) => r.id);
}
