import { eq, param, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { emails, recipients, type WorkspaceId } from '../db/schema';

export type TrackedEmail = {
  id: number;
  userId: number;
  workspaceId: WorkspaceId;
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
  const [row] = await findEmailsByTrackingTokens(db, [token]);
  return row ?? null;
}

/** The emails several public links name (tokens that match nothing are left out). */
export async function findEmailsByTrackingTokens(
  db: Db,
  tokens: string[],
): Promise<(TrackedEmail & { trackingToken: string })[]> {
  if (tokens.length === 0) return [];
  return db
    .select({
      id: emails.id,
      userId: emails.userId,
      workspaceId: emails.workspaceId,
      campaignId: emails.campaignId,
      status: emails.status,
      sentAt: emails.sentAt,
      recipientEmail: recipients.email,
      trackingToken: emails.trackingToken,
    })
    .from(emails)
    .innerJoin(recipients, eq(recipients.id, emails.recipientId))
    .where(sql`${emails.trackingToken} = any(${param(tokens)}::text[])`);
}
