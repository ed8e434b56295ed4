import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { campaigns, emails, recipients } from '../db/schema';

type EmailRow = typeof emails.$inferSelect;

/**
 * Moves an email from queued to sending, giving it a Message-ID first if it has none. The
 * conditional update is the lock: of two workers, only one gets the row back.
 */
export async function claimForSending(db: Db, emailId: number, messageId: string): Promise<EmailRow | null> {
  const [row] = await db
    .update(emails)
    .set({
      status: 'sending',
      attempts: sql`${emails.attempts} + 1`,
      messageId: sql`coalesce(${emails.messageId}, ${messageId})`,
      updatedAt: new Date(),
    })
    .where(and(eq(emails.id, emailId), eq(emails.status, 'queued')))
    .returning();
  return row ?? null;
}

/** Leaves `sending` for a final or waiting state; only the worker holding the email may do this. */
export async function settleSending(db: Db, emailId: number, values: Partial<EmailRow>) {
  const [row] = await db
    .update(emails)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(emails.id, emailId), eq(emails.status, 'sending')))
    .returning();
  return row ?? null;
}

/** Everything composing one email needs, in one read. */
export async function emailForSending(db: Db, emailId: number) {
  const [row] = await db
    .select({ email: emails, recipient: recipients, campaign: campaigns })
    .from(emails)
    .innerJoin(recipients, eq(recipients.id, emails.recipientId))
    .innerJoin(campaigns, eq(campaigns.id, emails.campaignId))
    .where(eq(emails.id, emailId));
  return row ?? null;
}

/** Queues the given emails of a user that are in one of `from` states; returns the ids queued. */
export async function queueEmails(db: Db, userId: number, ids: number[], from: EmailRow['status'][]) {
  if (ids.length === 0) return [];
  const rows = await db
    .update(emails)
    .set({ status: 'queued', scheduledFor: null, errorMessage: null, updatedAt: new Date() })
    .where(and(eq(emails.userId, userId), inArray(emails.id, ids), inArray(emails.status, from)))
    .returning({ id: emails.id });
  return rows.map((r) => r.id);
}

export async function scheduleEmails(
  db: Db,
  userId: number,
  ids: number[],
  at: Date,
  from: EmailRow['status'][],
) {
  if (ids.length === 0) return [];
  const rows = await db
    .update(emails)
    .set({ status: 'scheduled', scheduledFor: at, errorMessage: null, updatedAt: new Date() })
    .where(and(eq(emails.userId, userId), inArray(emails.id, ids), inArray(emails.status, from)))
    .returning({ id: emails.id });
  return rows.map((r) => r.id);
}

/** Scheduled emails whose time has come move to queued; returns them for sending. */
export async function releaseDueScheduled(db: Db, now: Date) {
  return db
    .update(emails)
    .set({ status: 'queued', updatedAt: now })
    .where(and(eq(emails.status, 'scheduled'), lt(emails.scheduledFor, now)))
    .returning({ id: emails.id });
}

/** Emails claimed for sending longer ago than the lease: their worker died mid-send. */
export async function staleSending(db: Db, claimedBefore: Date) {
  return db
    .select({ id: emails.id })
    .from(emails)
    .where(and(eq(emails.status, 'sending'), lt(emails.updatedAt, claimedBefore)));
}

/** Approved emails of a campaign that can still go out (not sent, not on their way), in row order. */
export async function approvedUnsent(db: Db, campaignId: number) {
  const rows = await db
    .select({ id: emails.id })
    .from(emails)
    .where(
      and(
        eq(emails.campaignId, campaignId),
        eq(emails.isApproved, true),
        inArray(emails.status, ['draft', 'failed', 'scheduled']),
      ),
    )
    .orderBy(emails.recipientId);
  return rows.map((r) => r.id);
}

/** Counts a campaign's emails by status, to derive the campaign's own status. */
export async function campaignEmailStates(db: Db, campaignId: number) {
  const rows = await db
    .select({ status: emails.status, n: sql<number>`count(*)::int` })
    .from(emails)
    .where(eq(emails.campaignId, campaignId))
    .groupBy(emails.status);
  return Object.fromEntries(rows.map((r) => [r.status, r.n])) as Partial<Record<EmailRow['status'], number>>;
}

export async function setCampaignStatus(
  db: Db,
  campaignId: number,
  status: (typeof campaigns.$inferSelect)['status'],
) {
  await db
    .update(campaigns)
    .set({ status, updatedAt: new Date() })
    .where(
      and(
        eq(campaigns.id, campaignId),
        sql`${campaigns.status} not in ('draft', 'generating')`,
        sql`${campaigns.status} <> ${status}`,
      ),
    );
}

/** Emails waiting because the user's mailbox needs a new sign-in: queued with no job running. */
export async function queuedEmailsOfUser(db: Db, userId: number) {
  const rows = await db
    .select({ id: emails.id })
    .from(emails)
    .where(and(eq(emails.userId, userId), eq(emails.status, 'queued')));
  return rows.map((r) => r.id);
}

/** Whether any email of the campaign is queued or being sent (one index probe). */
export async function hasEmailsInFlight(db: Db, campaignId: number) {
  const [row] = await db
    .select({ one: sql`1` })
    .from(emails)
    .where(and(eq(emails.campaignId, campaignId), inArray(emails.status, ['queued', 'sending'])))
    .limit(1);
  return row !== undefined;
}
