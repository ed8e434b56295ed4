import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  campaigns,
  emailOpens,
  emails,
  inboundMessages,
  recipients,
  unsubscribes,
  type WorkspaceId,
} from '../db/schema';

export async function exportCampaigns(db: Db, workspaceId: WorkspaceId) {
  return db.select().from(campaigns).where(eq(campaigns.workspaceId, workspaceId)).orderBy(asc(campaigns.id));
}

/**
 * One page of a workspace's recipients with their campaign's emails (its steps, not the answers
 * people wrote to replies, step 0), keyed by recipient id (keyset paging).
 */
export async function exportRecipientPage(db: Db, workspaceId: WorkspaceId, afterId: number, limit: number) {
  return db
    .select({
      id: recipients.id,
      campaignId: recipients.campaignId,
      campaignName: campaigns.name,
      email: recipients.email,
      company: recipients.company,
      jobTitle: recipients.jobTitle,
      data: recipients.data,
      subject: emails.subject,
      status: emails.status,
      isApproved: emails.isApproved,
      scheduledFor: emails.scheduledFor,
      sentAt: emails.sentAt,
      opens: sql<number>`(select count(*) from ${emailOpens} o where o.email_id = ${emails.id})`.mapWith(
        Number,
      ),
      firstOpenedAt: sql<
        string | null
      >`(select min(o.opened_at) from ${emailOpens} o where o.email_id = ${emails.id})`,
    })
    .from(recipients)
    .innerJoin(campaigns, eq(campaigns.id, recipients.campaignId))
    .leftJoin(emails, and(eq(emails.recipientId, recipients.id), sql`${emails.step} > 0`))
    .where(and(eq(campaigns.workspaceId, workspaceId), gt(recipients.id, afterId)))
    .orderBy(asc(recipients.id))
    .limit(limit);
}

/**
 * One page of the workspace's suppression list, by id (keyset paging), with, for a hard bounce, the
 * status code and diagnostic of the bounce report read for its email (the latest hard one).
 */
export async function exportUnsubscribePage(
  db: Db,
  workspaceId: WorkspaceId,
  afterId: number,
  limit: number,
) {
  return db
    .select({
      id: unsubscribes.id,
      campaignId: unsubscribes.campaignId,
      email: unsubscribes.email,
      reason: unsubscribes.reason,
      createdAt: unsubscribes.createdAt,
      bounceStatus: sql<string | null>`bounce.bounce_status`,
      bounceDiagnostic: sql<string | null>`bounce.bounce_diagnostic`,
    })
    .from(unsubscribes)
    .leftJoinLateral(
      db
        .select({
          bounce_status: inboundMessages.bounceStatus,
          bounce_diagnostic: inboundMessages.bounceDiagnostic,
        })
        .from(inboundMessages)
        .where(
          and(
            eq(inboundMessages.userId, unsubscribes.userId),
            eq(inboundMessages.emailId, unsubscribes.emailId),
            eq(inboundMessages.kind, 'bounce'),
            eq(inboundMessages.bounceKind, 'hard'),
            eq(unsubscribes.reason, 'bounced'),
          ),
        )
        .orderBy(desc(inboundMessages.receivedAt), desc(inboundMessages.id))
        .limit(1)
        .as('bounce'),
      sql`true`,
    )
    .where(and(eq(unsubscribes.workspaceId, workspaceId), gt(unsubscribes.id, afterId)))
    .orderBy(asc(unsubscribes.id))
    .limit(limit);
}

/** One page of the unsubscribes that came from one campaign, by id (keyset paging). */
export async function exportCampaignUnsubscribePage(
  db: Db,
  workspaceId: WorkspaceId,
  campaignId: number,
  afterId: number,
  limit: number,
) {
  return db
    .select({
      id: unsubscribes.id,
      email: unsubscribes.email,
      createdAt: unsubscribes.createdAt,
      reason: unsubscribes.reason,
    })
    .from(unsubscribes)
    .where(
      and(
        eq(unsubscribes.workspaceId, workspaceId),
        eq(unsubscribes.campaignId, campaignId),
        gt(unsubscribes.id, afterId),
      ),
    )
    .orderBy(asc(unsubscribes.id))
    .limit(limit);
}
