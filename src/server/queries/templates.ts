import { and, desc, eq, isNotNull, isNull, notExists, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { campaigns, emails, templates } from '../db/schema';

export type TemplateRow = typeof templates.$inferSelect;
export type TemplateValues = Pick<
  TemplateRow,
  'name' | 'type' | 'subjectTemplate' | 'bodyTemplate' | 'aiInstructions' | 'variables'
>;

export async function listTemplates(db: Db, userId: number, archived: boolean): Promise<TemplateRow[]> {
  return db
    .select()
    .from(templates)
    .where(
      and(
        eq(templates.userId, userId),
        archived ? isNotNull(templates.archivedAt) : isNull(templates.archivedAt),
      ),
    )
    .orderBy(desc(templates.createdAt), desc(templates.id));
}

export async function findTemplate(db: Db, userId: number, id: number): Promise<TemplateRow | null> {
  const [row] = await db
    .select()
    .from(templates)
    .where(and(eq(templates.userId, userId), eq(templates.id, id)));
  return row ?? null;
}

export async function insertTemplate(db: Db, userId: number, values: TemplateValues): Promise<TemplateRow> {
  const [row] = await db
    .insert(templates)
    .values({ userId, ...values })
    .returning();
  return row!;
}

export async function updateTemplate(
  db: Db,
  userId: number,
  id: number,
  values: Partial<TemplateValues> & { archivedAt?: Date | null },
) {
  const [row] = await db
    .update(templates)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(templates.userId, userId), eq(templates.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteTemplate(db: Db, userId: number, id: number): Promise<boolean> {
  const deleted = await db
    .delete(templates)
    .where(and(eq(templates.userId, userId), eq(templates.id, id)))
    .returning({ id: templates.id });
  return deleted.length > 0;
}

/** Campaigns of this user that use the template and have no emails generated yet. */
export async function campaignsAwaitingTemplate(db: Db, userId: number, templateId: number) {
  return db
    .select({ id: campaigns.id, name: campaigns.name, status: campaigns.status })
    .from(campaigns)
    .where(
      and(
        eq(campaigns.userId, userId),
        eq(campaigns.templateId, templateId),
        isNull(campaigns.archivedAt),
        notExists(db.select({ one: sql`1` }).from(emails).where(eq(emails.campaignId, campaigns.id))),
      ),
    )
    .orderBy(desc(campaigns.createdAt));
}
