import { and, asc, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { auditEvents, users, type WorkspaceId } from '../db/schema';

/** One thing someone did in a workspace (audit_events). */
export type AuditEntry = {
  workspaceId: WorkspaceId;
  /** Who did it; null when the app did it by itself. */
  actorId: number | null;
  action: string;
  subjectType?: string;
  subjectId?: number;
  detail?: Record<string, unknown>;
};

/**
 * Records entries in the caller's transaction (pass the transaction, so the record and the change
 * commit together or not at all), with each actor's address as it is now.
 */
export async function recordAudit(db: Db, entries: AuditEntry[]) {
  // A bulk approval records one entry per email: a statement's parameters stay well under 65,535.
  for (let start = 0; start < entries.length; start += AUDIT_CHUNK) {
    await insertEntries(db, entries.slice(start, start + AUDIT_CHUNK));
  }
}

const AUDIT_CHUNK = 1000;

async function insertEntries(db: Db, entries: AuditEntry[]) {
  await db.insert(auditEvents).values(
    entries.map((entry) => ({
      workspaceId: entry.workspaceId,
      actorId: entry.actorId,
      actorEmail:
        entry.actorId === null
          ? null
          : sql`(select ${users.email} from ${users} where ${users.id} = ${entry.actorId})`,
      action: entry.action,
      subjectType: entry.subjectType ?? null,
      subjectId: entry.subjectId ?? null,
      detail: entry.detail ?? null,
    })),
  );
}

/** A page of the workspace's record, newest first, before the entry `before` (keyset paging). */
export async function auditPage(db: Db, workspaceId: WorkspaceId, limit: number, before?: number) {
  return db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.workspaceId, workspaceId), before ? lt(auditEvents.id, before) : undefined))
    .orderBy(desc(auditEvents.id))
    .limit(limit);
}

/** The workspace's record oldest first, after the entry `after`: the export's pages. */
export async function auditPageAfter(db: Db, workspaceId: WorkspaceId, limit: number, after: number) {
  return db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.workspaceId, workspaceId), gt(auditEvents.id, after)))
    .orderBy(asc(auditEvents.id))
    .limit(limit);
}
