import type { Campaign, CampaignListItem, CampaignStep, SaveCampaignBody } from '../../contract/campaigns';
import { DEFAULT_SEND_WINDOW, MAPPING_NONE, MAPPING_SELECT, type SendWindow } from '../../contract/campaigns';
import type { Db } from '../db/client';
import type { WorkspaceId } from '../db/schema';
import { AppError, notFound } from '../errors';
import { replaceCampaignSteps, stepsOfCampaign, stepsOfCampaigns } from '../queries/campaign-steps';
import {
  type CampaignListRow,
  type CampaignRow,
  type CampaignValues,
  deleteCampaign,
  findCampaign,
  findMadeCampaign,
  insertCampaign,
  listCampaignRows,
  updateCampaign,
} from '../queries/campaigns';
import { findTemplate, type TemplateRow } from '../queries/templates';
import type { Maker } from '../queries/workspaces';
import { campaignSenderProfileOf, storedSenderProfile } from './sender-profile/merge';

export const listCampaigns = (db: Db, workspaceId: WorkspaceId) =>
  presentCampaigns(db, listCampaignRows(db, workspaceId, false));

export const listArchivedCampaigns = (db: Db, workspaceId: WorkspaceId) =>
  presentCampaigns(db, listCampaignRows(db, workspaceId, true));

/** Campaigns with their follow-up steps and results, read for all of them at once. */
async function presentCampaigns(db: Db, rows: Promise<CampaignListRow[]>): Promise<CampaignListItem[]> {
  const campaigns = await rows;
  const steps = await stepsOfCampaigns(
    db,
    campaigns.map((c) => c.id),
  );
  return campaigns.map((c) => ({
    ...presentCampaign(c, steps.get(c.id) ?? []),
    results: c.results,
    templateName: c.templateName,
    hasDraftsToApprove: c.hasDraftsToApprove,
  }));
}

/** A campaign with its steps, as the API shows it. */
export async function presentOne(db: Db, row: CampaignRow) {
  return presentCampaign(row, await stepsOfCampaign(db, row.id));
}

export async function ownCampaign(db: Db, workspaceId: WorkspaceId, id: number): Promise<CampaignRow> {
  const row = await findCampaign(db, workspaceId, id);
  if (!row) throw notFound('Campaign');
  return row;
}

/** A campaign a job works on, by its maker (GenerationIds); a 404 when it was deleted meanwhile. */
export async function madeCampaign(
  db: Db,
  ids: { userId: number; campaignId: number },
): Promise<CampaignRow> {
  const row = await findMadeCampaign(db, ids.userId, ids.campaignId);
  if (!row) throw notFound('Campaign');
  return row;
}

export async function getCampaign(db: Db, workspaceId: WorkspaceId, id: number) {
  return presentOne(db, await ownCampaign(db, workspaceId, id));
}

export async function createCampaign(db: Db, maker: Maker, body: SaveCampaignBody): Promise<Campaign> {
  const steps = body.steps ?? [];
  const followUps = await followUpTemplates(db, maker.workspaceId, steps);
  const values = await validCampaign(db, maker.workspaceId, body, null, followUps);
  const row = await insertCampaign(db, maker, values);
  await replaceCampaignSteps(db, row.id, steps);
  return presentCampaign(row, steps);
}

/** Only drafts can change: once emails exist, their template and mapping are part of them. */
export async function editCampaign(
  db: Db,
  workspaceId: WorkspaceId,
  id: number,
  body: SaveCampaignBody,
): Promise<Campaign> {
  const current = await ownCampaign(db, workspaceId, id);
  if (current.status !== 'draft') throw new AppError('conflict', 'Only draft campaigns can be edited');
  const steps = body.steps ?? null;
  // Without new steps, the mapping is checked against the follow-ups the campaign already has.
  const followUps = await followUpTemplates(db, workspaceId, steps ?? (await stepsOfCampaign(db, id)));
  const values = await validCampaign(db, workspaceId, body, current, followUps);
  const row = await updateCampaign(db, workspaceId, id, values, ['draft']);
  if (!row) throw new AppError('conflict', 'Only draft campaigns can be edited');
  if (steps) await replaceCampaignSteps(db, id, steps);
  return presentOne(db, row);
}

/**
 * Each follow-up's template, null where none is chosen yet. A template must be the user's own:
 * another user's id is not found.
 */
async function followUpTemplates(db: Db, workspaceId: WorkspaceId, steps: CampaignStep[]) {
  const templates: (TemplateRow | null)[] = [];
  for (const step of steps) {
    const template = step.templateId === null ? null : await findTemplate(db, workspaceId, step.templateId);
    if (step.templateId !== null && !template) throw notFound('Template');
    templates.push(template);
  }
  return templates;
}

/**
 * The template of each step of a saved campaign, in order: step 1 the campaign's own, then each
 * follow-up's; null where none is set or it was deleted.
 */
export async function templatesOfSteps(db: Db, campaign: CampaignRow): Promise<(TemplateRow | null)[]> {
  const ids = [campaign.templateId, ...(await stepsOfCampaign(db, campaign.id)).map((s) => s.templateId)];
  return Promise.all(ids.map((id) => (id ? findTemplate(db, campaign.workspaceId, id) : null)));
}

/**
 * The variables a campaign's column mapping may name. A campaign has one mapping for all its
 * steps, so a variable only a follow-up's template uses needs its column too: the first
 * template's variables, then those the follow-ups add.
 */
export function mappingVariables(
  first: Pick<TemplateRow, 'variables'>,
  followUps: readonly (Pick<TemplateRow, 'variables'> | null)[],
): string[] {
  const variables = [...first.variables];
  for (const template of followUps)
    for (const variable of template?.variables ?? [])
      if (!variables.includes(variable)) variables.push(variable);
  return variables;
}

export async function archiveCampaign(
  db: Db,
  workspaceId: WorkspaceId,
  id: number,
  archived: boolean,
): Promise<Campaign> {
  const row = await updateCampaign(db, workspaceId, id, { archivedAt: archived ? new Date() : null });
  if (!row) throw notFound('Campaign');
  return presentOne(db, row);
}

/** Permanent delete: recipients, emails and opens go with it (foreign keys cascade). */
export async function removeCampaign(db: Db, owner: Maker, id: number) {
  if (!(await deleteCampaign(db, owner.workspaceId, id, owner.userId))) throw notFound('Campaign');
}

/**
 * `current` is the campaign being edited (null for a new one): settings the body leaves out stay
 * as they are. `followUps` are the templates of the steps it will have.
 */
async function validCampaign(
  db: Db,
  workspaceId: WorkspaceId,
  body: SaveCampaignBody,
  current: CampaignRow | null,
  followUps: readonly (TemplateRow | null)[],
): Promise<CampaignValues> {
  const name = body.name.trim();
  if (!name) throw new AppError('bad_request', 'Please enter a campaign name');
  const window = body.sendWindow ?? (current ? sendWindowOf(current) : DEFAULT_SEND_WINDOW);
  let variables: string[] | null = null;
  if (body.templateId !== null) {
    const template = await findTemplate(db, workspaceId, body.templateId);
    if (!template) throw notFound('Template');
    variables = mappingVariables(template, followUps);
  }
  return {
    name,
    description: body.description?.trim() || null,
    notes: body.notes?.trim() || null,
    templateId: body.templateId,
    includeUnsubscribeLink: body.includeUnsubscribeLink ?? true,
    unsubscribeMessage: body.unsubscribeMessage?.trim() || null,
    trackOpens: body.trackOpens ?? current?.trackOpens ?? true,
    checkClaimsWithAi: body.checkClaimsWithAi ?? current?.checkClaimsWithAi ?? true,
    senderProfile:
      body.senderProfile === undefined
        ? (current?.senderProfile ?? null)
        : campaignSenderProfileOf(body.senderProfile),
    columnMapping: cleanMapping(body.columnMapping ?? {}, variables),
    sendDays: [...new Set(window.days)].sort(),
    sendStartMinute: window.startMinute,
    sendEndMinute: window.endMinute,
  };
}

/**
 * Drops placeholder values and (docs/product.md §3) entries for variables no step's template has
 * (`variables` from mappingVariables; null keeps every variable).
 */
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

export function sendWindowOf(row: CampaignRow): SendWindow {
  return { days: row.sendDays, startMinute: row.sendStartMinute, endMinute: row.sendEndMinute };
}

export function presentCampaign(row: CampaignRow, steps: CampaignStep[]): Campaign {
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
    checkClaimsWithAi: row.checkClaimsWithAi,
    claimCheck: { drafts: row.claimCheckDrafts, tokens: row.claimCheckTokens },
    senderProfile: row.senderProfile && storedSenderProfile(row.senderProfile),
    steps,
    sendWindow: sendWindowOf(row),
    createdAt: row.createdAt.toISOString(),
    archivedAt: row.archivedAt?.toISOString() ?? null,
    generation: {
      processed: row.generationProcessed,
      total: row.generationTotal,
      error: row.generationError,
    },
  };
}
