import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { emails, recipients } from '../db/schema';

export type TrackedEmail = {
  id: number;
  userId: number;
  campaignId: number;
  status: (typeof emails.$inferSelect)['status'];
  sentAt: Date | null;
  recipientEmail: string;
};

/**
 * The public entry point of tracking and unsubscribe links: no owner is known yet, so the
 * unguessable per-email token is the only key, and the row found names its owner.
 */
export async function findEmailByTrackingToken(db: Db, token: string): Promise<TrackedEmail | null> {
  const [row] = await db
    .select({
      id: emails.id,
      userId: emails.userId,
      campaignId: emails.campaignId,
      status: emails.status,
      sentAt: emails.sentAt,
      recipientEmail: recipients.email,
    })
    .from(emails)
    .innerJoin(recipients, eq(recipients.id, emails.recipientId))
    .where(eq(emails.trackingToken, token));
  return row ?? null;
}
