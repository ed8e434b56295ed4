import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { SuppressionReason } from '../../contract/conversations';
import type { Db } from '../db/client';
import {
  emailOpens,
  emails,
  inboundMessages,
  mailboxSyncs,
  recipients,
  unsubscribes,
  type WorkspaceId,
} from '../db/schema';

export type InboundRow = typeof inboundMessages.$inferSelect;

/** What the mailbox sync recorded about one email, oldest first. */
export async function listEmailInbound(
  db: Db,
  workspaceId: WorkspaceId,
  emailId: number,
): Promise<InboundRow[]> {
  const rows = await db
    .select({ message: inboundMessages })
    .from(inboundMessages)
    .innerJoin(emails, eq(emails.id, inboundMessages.emailId))
    .where(and(eq(emails.workspaceId, workspaceId), eq(inboundMessages.emailId, emailId)))
    .orderBy(inboundMessages.receivedAt, inboundMessages.id);
  return rows.map((row) => row.message);
}

/** The first open by a person and the first by an image proxy, each when there is one. */
export async function firstOpensOf(db: Db, emailId: number): Promise<{ at: Date; byMachine: boolean }[]> {
  return db
    .select({
      at: sql<Date>`min(${emailOpens.openedAt})`.mapWith(emailOpens.openedAt),
      byMachine: emailOpens.isMachine,
    })
    .from(emailOpens)
    .where(eq(emailOpens.emailId, emailId))
    .groupBy(emailOpens.isMachine);
}

/** The suppression-list entry this email caused, if any (its link, an emailed request, a bounce). */
export async function unsubscribeByEmail(
  db: Db,
  workspaceId: WorkspaceId,
  emailId: number,
): Promise<{ at: Date; reason: SuppressionReason } | null> {
  const [row] = await db
    .select({ at: unsubscribes.createdAt, reason: unsubscribes.reason })
    .from(unsubscribes)
    .where(and(eq(unsubscribes.workspaceId, workspaceId), eq(unsubscribes.emailId, emailId)))
    .limit(1);
  return row ?? null;
}

/** A campaign's replies by people, newest first, with the address each answered email went to. */
export async function listCampaignReplies(
  db: Db,
  workspaceId: WorkspaceId,
  campaignId: number,
  limit: number,
  offset: number,
): Promise<{ rows: (InboundRow & { emailId: number; recipientEmail: string })[]; total: number }> {
  const where = and(
    eq(emails.workspaceId, workspaceId),
    eq(inboundMessages.kind, 'reply'),
    eq(emails.campaignId, campaignId),
  );
  const [rows, [count]] = await Promise.all([
    db
      .select({ message: inboundMessages, recipientEmail: recipients.email })
      .from(inboundMessages)
      .innerJoin(emails, eq(emails.id, inboundMessages.emailId))
      .innerJoin(recipients, eq(recipients.id, emails.recipientId))
      .where(where)
      .orderBy(desc(inboundMessages.receivedAt), desc(inboundMessages.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(inboundMessages)
      .innerJoin(emails, eq(emails.id, inboundMessages.emailId))
      .where(where),
  ]);
  return {
    rows: rows.map((r) => ({ ...r.message, emailId: r.message.emailId!, recipientEmail: r.recipientEmail })),
    total: count?.n ?? 0,
  };
}

export type SyncState = typeof mailboxSyncs.$inferSelect;

/** The sync states of several mailboxes (keys without a state are left out). */
export function findSyncStates(db: Db, keys: string[]): Promise<SyncState[]> {
  if (keys.length === 0) return Promise.resolve([]);
  return db.select().from(mailboxSyncs).where(inArray(mailboxSyncs.key, keys));
}

export async function findSyncState(db: Db, key: string): Promise<SyncState | null> {
  const [row] = await db.select().from(mailboxSyncs).where(eq(mailboxSyncs.key, key));
  return row ?? null;
}
