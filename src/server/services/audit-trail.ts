import Papa from 'papaparse';
import type { AuditEntryView } from '../../contract/workspaces';
import type { Db } from '../db/client';
import type { auditEvents, WorkspaceId } from '../db/schema';
import { auditPage, auditPageAfter, recordAudit } from '../queries/audit';
import type { Member } from '../queries/workspaces';

const present = (row: typeof auditEvents.$inferSelect): AuditEntryView => ({
  id: row.id,
  at: row.createdAt.toISOString(),
  actor: row.actorEmail,
  action: row.action,
  subjectType: row.subjectType,
  subjectId: row.subjectId,
  detail: row.detail,
});

/** A page of the workspace's record, newest first. */
export async function auditTrailPage(db: Db, workspaceId: WorkspaceId, limit: number, before?: number) {
  return { items: (await auditPage(db, workspaceId, limit, before)).map(present) };
}

const COLUMNS = ['id', 'at', 'actor', 'action', 'subject_type', 'subject_id', 'detail'];
const PAGE = 2000;

/**
 * The whole record as CSV, oldest first, streamed page by page; cells a spreadsheet would run as
 * formulas are escaped. The export itself is recorded first, so it is in the file it makes.
 */
export async function* exportAuditTrail(db: Db, owner: Member): AsyncGenerator<string> {
  await recordAudit(db, [{ workspaceId: owner.workspaceId, actorId: owner.userId, action: 'export.audit' }]);
  yield `${Papa.unparse([COLUMNS])}\r\n`;
  for (let after = 0; ; ) {
    const rows = await auditPageAfter(db, owner.workspaceId, PAGE, after);
    if (rows.length === 0) return;
    const cells = rows.map((r) => [
      r.id,
      r.createdAt.toISOString(),
      r.actorEmail ?? '',
      r.action,
      r.subjectType ?? '',
      r.subjectId ?? '',
      r.detail ? JSON.stringify(r.detail) : '',
    ]);
    yield `${Papa.unparse(cells, { escapeFormulae: true })}\r\n`;
    after = rows.at(-1)!.id;
  }
}

/** An export of the workspace's data, in its record (an export changes nothing to record it with). */
export function recordExport(
  db: Db,
  member: Pick<Member, 'workspaceId' | 'userId'>,
  what: 'data' | 'unsubscribers',
  campaignId?: number,
) {
  return recordAudit(db, [
    {
      workspaceId: member.workspaceId,
      actorId: member.userId,
      action: `export.${what}`,
      ...(campaignId !== undefined && { subjectType: 'campaign', subjectId: campaignId }),
    },
  ]);
}
