import { and, desc, eq, isNotNull, isNull, notExists, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { campaigns, emails, templates, type WorkspaceId } from '../db/schema';
import { recordAudit } from './audit';

export type TemplateRow = typeof templates.$inferSelect;
export type TemplateValues = Pick<
  TemplateRow,
  'name' | 'type' | 'subjectTemplate' | 'bodyTemplate' | 'aiInstructions' | 'variables'
>;

export async function listTemplates(
  db: Db,
  workspaceId: WorkspaceId,
  archived: boolean,
): Promise<TemplateRow[]> {
  return db
    .select()
    .from(templates)
    .where(
      and(
        eq(templates.workspaceId, workspaceId),
        archived ? isNotNull(templates.archivedAt) : isNull(templates.archivedAt),
      ),
    )
    .orderBy(desc(templates.createdAt), desc(templates.id));
}

export async function findTemplate(
  db: Db,
  workspaceId: WorkspaceId,
  id: number,
): Promise<TemplateRow | null> {
  const [row] = await db
    .select()
    .from(templates)
    .where(and(eq(templates.workspaceId, workspaceId), eq(templates.id, id)));
  return row ?? null;
}

export async function insertTemplate(
  db: Db,
  owner: { workspaceId: WorkspaceId; userId: number },
  values: TemplateValues,
): Promise<TemplateRow> {
  const [row] = await db
    .insert(templates)
    .values({ ...owner, ...values })
    .returning();
  return row!;
}

export async function updateTemplate(
  db: Db,
  workspaceId: WorkspaceId,
  id: number,
  values: Partial<TemplateValues> & { archivedAt?: Date | null },
) {
  const [row] = await db
    .update(templates)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(templates.workspaceId, workspaceId), eq(templates.id, id)))
    .returning();
  return row ?? null;
}

/** Deletes it, and records who did, in one transaction; false when there was no such template. */
export async function deleteTemplate(
  db: Db,
  workspaceId: WorkspaceId,
  id: number,
  actorId: number,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(templates)
      .where(and(eq(templates.workspaceId, workspaceId), eq(templates.id, id)))
      .returning({ name: templates.name });
    if (!deleted) return false;
    await recordAudit(tx, [
      {
        workspaceId,
        actorId,
        action: 'template.deleted',
        subjectType: 'template',
        subjectId: id,
        detail: deleted,
      },
    ]);
    return true;
  });
}

/** Campaigns of this workspace that use the template and have no emails generated yet. */
export async function campaignsAwaitingTemplate(db: Db, workspaceId: WorkspaceId, templateId: number) {
  return db
    .select({ id: campaigns.id, name: campaigns.name, status: campaigns.status })
    .from(campaigns)
    .where(
      and(
        eq(campaigns.workspaceId, workspaceId),
        eq(campaigns.templateId, templateId),
        isNull(campaigns.archivedAt),
        notExists(db.select({ one: sql`1` }).from(emails).where(eq(emails.campaignId, campaigns.id))),
      ),
    )
    .orderBy(desc(campaigns.createdAt));
}
