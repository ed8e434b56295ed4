import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { campaigns, emails, recipients } from '../db/schema';

export type EmailRow = typeof emails.$inferSelect;

export async function findOwnEmail(db: Db, userId: number, id: number) {
  const [row] = await db
    .select({
      email: emails,
      recipient: { email: recipients.email, company: recipients.company, jobTitle: recipients.jobTitle },
    })
    .from(emails)
    .innerJoin(recipients, eq(recipients.id, emails.recipientId))
    .where(and(eq(emails.userId, userId), eq(emails.id, id)));
  return row ?? null;
}

/** Updates an email of this user if it is in one of `from` states; null otherwise. */
export async function updateOwnEmail(
  db: Db,
  userId: number,
  id: number,
  values: Partial<EmailRow>,
  from?: EmailRow['status'][],
) {
  const [row] = await db
    .update(emails)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(emails.userId, userId), eq(emails.id, id), from ? inArray(emails.status, from) : undefined))
    .returning();
  return row ?? null;
}

export async function approveCampaignEmails(db: Db, campaignId: number) {
  const rows = await db
    .update(emails)
    .set({ isApproved: true, updatedAt: new Date() })
    .where(
      and(
        eq(emails.campaignId, campaignId),
        eq(emails.isApproved, false),
        inArray(emails.status, ['draft', 'failed']),
      ),
    )
    .returning({ id: emails.id });
  return rows.length;
}

export async function listScheduledPage(db: Db, userId: number, limit: number, offset: number) {
  const where = and(eq(emails.userId, userId), eq(emails.status, 'scheduled'));
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
