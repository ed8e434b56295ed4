import type { Campaign, SaveCampaignBody } from '../../contract/campaigns';
import { MAPPING_NONE, MAPPING_SELECT } from '../../contract/campaigns';
import type { Db } from '../db/client';
import { AppError, notFound } from '../errors';
import {
  type CampaignRow,
  type CampaignValues,
  deleteCampaign,
  findCampaign,
  insertCampaign,
  listCampaignRows,
  updateCampaign,
} from '../queries/campaigns';
import { findTemplate } from '../queries/templates';

export const listCampaigns = async (db: Db, userId: number) =>
  (await listCampaignRows(db, userId, false)).map(presentCampaign);

export const listArchivedCampaigns = async (db: Db, userId: number) =>
  (await listCampaignRows(db, userId, true)).map(presentCampaign);

export async function ownCampaign(db: Db, userId: number, id: number): Promise<CampaignRow> {
  const row = await findCampaign(db, userId, id);
  if (!row) throw notFound('Campaign');
  return row;
}

export async function getCampaign(db: Db, userId: number, id: number) {
  return presentCampaign(await ownCampaign(db, userId, id));
}

export async function createCampaign(db: Db, userId: number, body: SaveCampaignBody): Promise<Campaign> {
  return presentCampaign(await insertCampaign(db, userId, await validCampaign(db, userId, body, null)));
}

/** Only drafts can change: once emails exist, their template and mapping are part of them. */
export async function editCampaign(
  db: Db,
  userId: number,
  id: number,
  body: SaveCampaignBody,
): Promise<Campaign> {
  const current = await ownCampaign(db, userId, id);
  if (current.status !== 'draft') throw new AppError('conflict', 'Only draft campaigns can be edited');
  const row = await updateCampaign(db, userId, id, await validCampaign(db, userId, body, current), ['draft']);
  if (!row) throw new AppError('conflict', 'Only draft campaigns can be edited');
  return presentCampaign(row);
}

export async function archiveCampaign(
  db: Db,
  userId: number,
  id: number,
  archived: boolean,
): Promise<Campaign> {
  const row = await updateCampaign(db, userId, id, { archivedAt: archived ? new Date() : null });
  if (!row) throw notFound('Campaign');
  return presentCampaign(row);
}

/** Permanent delete: recipients, emails and opens go with it (foreign keys cascade). */
export async function removeCampaign(db: Db, userId: number, id: number) {
  if (!(await deleteCampaign(db, userId, id))) throw notFound('Campaign');
}

/** `current` is the campaign being edited (null for a new one): settings the body leaves out stay as they are. */
async function validCampaign(
  db: Db,
  userId: number,
  body: SaveCampaignBody,
  current: CampaignRow | null,
): Promise<CampaignValues> {
  const name = body.name.trim();
  if (!name) throw new AppError('bad_request', 'Please enter a campaign name');
  let variables: string[] | null = null;
  if (body.templateId !== null) {
    const template = await findTemplate(db, userId, body.templateId);
    if (!template) throw notFound('Template');
    variables = template.variables;
  }
  return {
    name,
    description: body.description?.trim() || null,
    notes: body.notes?.trim() || null,
    templateId: body.templateId,
    includeUnsubscribeLink: body.includeUnsubscribeLink ?? true,
    unsubscribeMessage: body.unsubscribeMessage?.trim() || null,
    trackOpens: body.trackOpens ?? current?.trackOpens ?? true,
    columnMapping: cleanMapping(body.columnMapping ?? {}, variables),
  };
}

/** Drops placeholder values and (docs/product.md §3) entries for variables the template does not have. */
export function cleanMapping(
  mapping: Record<string, string>,
  variables: string[] | null,
): Record<string, string> {
  const clean: Record<string, string> = {};
  for (const [variable, column] of Object.entries(mapping)) {
    if (!column || column === MAPPING_NONE || column === MAPPING_SELECT) continue;
    if (variables && !variables.includes(variable)) continue;
    clean[variable] = column;
  }
  return clean;
}

export function presentCampaign(row: CampaignRow): Campaign {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    notes: row.notes,
    status: row.status,
    templateId: row.templateId,
    recipientCount: row.recipientCount,
    columnMapping: row.columnMapping,
    includeUnsubscribeLink: row.includeUnsubscribeLink,
    unsubscribeMessage: row.unsubscribeMessage,
    trackOpens: row.trackOpens,
    createdAt: row.createdAt.toISOString(),
    archivedAt: row.archivedAt?.toISOString() ?? null,
    generation: {
      processed: row.generationProcessed,
      total: row.generationTotal,
      error: row.generationError,
    },
  };
}
