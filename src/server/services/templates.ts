import type { SaveTemplateBody, Template } from '../../contract/templates';
import type { Db } from '../db/client';
import type { WorkspaceId } from '../db/schema';
import { AppError, notFound } from '../errors';
import {
  campaignsAwaitingTemplate,
  deleteTemplate,
  findTemplate,
  insertTemplate,
  listTemplates,
  type TemplateRow,
  type TemplateValues,
  updateTemplate,
} from '../queries/templates';
import type { Maker } from '../queries/workspaces';
import { compileTemplate } from './render-template';
import { sanitizeRichText } from './sanitize-html';
import { normaliseVariables } from './template-variables';

export const listActiveTemplates = async (db: Db, workspaceId: WorkspaceId) =>
  (await listTemplates(db, workspaceId, false)).map(presentTemplate);

export const listArchivedTemplates = async (db: Db, workspaceId: WorkspaceId) =>
  (await listTemplates(db, workspaceId, true)).map(presentTemplate);

export async function getTemplate(db: Db, workspaceId: WorkspaceId, id: number): Promise<Template> {
  return presentTemplate(await ownTemplate(db, workspaceId, id));
}

export async function createTemplate(db: Db, maker: Maker, body: SaveTemplateBody): Promise<Template> {
  return presentTemplate(await insertTemplate(db, maker, validTemplate(body)));
}

export async function editTemplate(
  db: Db,
  workspaceId: WorkspaceId,
  id: number,
  body: SaveTemplateBody,
): Promise<Template> {
  await ownTemplate(db, workspaceId, id);
  const row = await updateTemplate(db, workspaceId, id, validTemplate(body));
  return presentTemplate(row ?? (await ownTemplate(db, workspaceId, id)));
}

export async function archiveTemplate(
  db: Db,
  workspaceId: WorkspaceId,
  id: number,
  archived: boolean,
): Promise<Template> {
  const row = await updateTemplate(db, workspaceId, id, { archivedAt: archived ? new Date() : null });
  if (!row) throw notFound('Template');
  return presentTemplate(row);
}

/**
 * Permanent delete. Campaigns that used the template keep their settings, recipients and any
 * emails already generated; their template becomes "None" (the foreign key sets it null), so a
 * draft asks for another template before it can generate.
 */
export async function removeTemplate(db: Db, owner: Maker, id: number): Promise<void> {
  if (!(await deleteTemplate(db, owner.workspaceId, id, owner.userId))) throw notFound('Template');
}

export async function templateActiveCampaigns(db: Db, workspaceId: WorkspaceId, id: number) {
  await ownTemplate(db, workspaceId, id);
  return campaignsAwaitingTemplate(db, workspaceId, id);
}

export async function ownTemplate(db: Db, workspaceId: WorkspaceId, id: number): Promise<TemplateRow> {
  const row = await findTemplate(db, workspaceId, id);
  if (!row) throw notFound('Template');
  return row;
}

/**
 * docs/product.md §2's template rules, in its order and with its messages; prompt templates store no
 * subject or body.
 */
function validTemplate(body: SaveTemplateBody): TemplateValues {
  const name = body.name.trim();
  if (!name) throw new AppError('bad_request', 'Please enter a template name');
  const variables = normaliseVariables(body.variables);
  if (body.type === 'prompt') {
    const aiInstructions = body.aiInstructions?.trim();
    if (!aiInstructions) throw new AppError('bad_request', 'Please enter AI instructions');
    return { name, type: 'prompt', subjectTemplate: '', bodyTemplate: '', aiInstructions, variables };
  }
  const subjectTemplate = body.subjectTemplate?.trim() ?? '';
  if (!subjectTemplate) throw new AppError('bad_request', 'Please enter a subject line template');
  const bodyTemplate = sanitizeRichText(body.bodyTemplate ?? '');
  if (!hasText(bodyTemplate)) throw new AppError('bad_request', 'Please enter a body template');
  compileTemplate(subjectTemplate, bodyTemplate);
  return {
    name,
    type: 'template',
    subjectTemplate,
    bodyTemplate,
    aiInstructions: body.aiInstructions?.trim() || null,
    variables,
  };
}

/** The editor sends `<p></p>` for an empty body. */
function hasText(html: string) {
  return (
    html
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;/g, ' ')
      .trim().length > 0 || /<img\b/i.test(html)
  );
}

export function presentTemplate(row: TemplateRow): Template {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    subjectTemplate: row.subjectTemplate,
    bodyTemplate: row.bodyTemplate,
    aiInstructions: row.aiInstructions,
    variables: row.variables,
    createdAt: row.createdAt.toISOString(),
    archivedAt: row.archivedAt?.toISOString() ?? null,
  };
}
