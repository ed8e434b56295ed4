import crypto from 'node:crypto';
import pLimit from 'p-limit';
import { replySubject } from '../../contract/campaigns';
import { writtenByAi } from '../../contract/templates';
import { toSnakeCase } from '../../contract/variable-names';
import { AI_NOT_CONFIGURED, type AiModels } from '../ai/ai-models';
import type { SenderProfileForPrompt } from '../ai/prompts/sender-profile';
import { AiUnavailableError } from '../ai/structured-call';
import { writeEmail } from '../ai/write-email';
import type { Db } from '../db/client';
import type { recipients } from '../db/schema';
import { AppError } from '../errors';
import {
  addGenerationProgress,
  type CampaignRow,
  countCampaignEmails,
  recountGenerationProgress,
  updateCampaign,
} from '../queries/campaigns';
import {
  deleteStepDrafts,
  hasEmailsPastReview,
  insertEmailBatch,
  type NewEmail,
  type ThreadDraft,
  threadDrafts,
} from '../queries/emails';
import { recipientsWithoutEmail } from '../queries/recipients';
import type { TemplateRow } from '../queries/templates';
import type { Maker } from '../queries/workspaces';
import { madeCampaign, mappingVariables, ownCampaign, templatesOfSteps } from './campaigns';
import { generationRecord } from './generation-record';
import { type CompiledTemplate, compileTemplate } from './render-template';
import { sanitizeRichText } from './sanitize-html';
import { senderOfCampaign } from './sender-profile/load';
import { refreshCampaignSendStatus } from './sending/campaign-send-status';

type Recipient = typeof recipients.$inferSelect;
export type GenerationDeps = { db: Db; ai: AiModels | null; aiConcurrency: number };

export const VARIABLES_CHANGED =
  'Template variables have changed. Please reassign variables before generating.';

/**
 * Checks docs/product.md §3's generate conditions and moves a draft to `generating`. Returns the
 * generation job's ids when it started, null when the campaign is past draft (generating or done),
 * so the caller just follows or reports it.
 */
export async function beginGeneration(
  deps: GenerationDeps,
  member: Maker,
  campaignId: number,
): Promise<GenerationIds | null> {
  const { workspaceId } = member;
  const campaign = await ownCampaign(deps.db, workspaceId, campaignId);
  // Already running or done: the caller follows (or reports) it instead of starting again.
  if (campaign.status !== 'draft') return null;
  const templates = await templatesOfSteps(deps.db, campaign);
  const [template] = templates;
  if (!template) throw new AppError('bad_request', 'Select a template first');
  const unset = templates.indexOf(null);
  if (unset > 0) throw new AppError('bad_request', `Select a template for step ${unset + 1}`);
  if (campaign.recipientCount === 0) throw new AppError('bad_request', 'Upload CSV recipients first');
  if (!mappingFits(campaign.columnMapping, mappingVariables(template, templates.slice(1))))
    throw new AppError('bad_request', VARIABLES_CHANGED);
  if (templates.some((t) => t && writtenByAi(t)) && !deps.ai)
    throw new AppError('not_configured', AI_NOT_CONFIGURED);
  const { total } = await countCampaignEmails(deps.db, campaignId);
  const started = await updateCampaign(
    deps.db,
    workspaceId,
    campaignId,
    {
      status: 'generating',
      // Its emails' writer, for four-eyes approval.
      generatedBy: member.userId,
      // Every step of every recipient: the progress bar covers the follow-ups too.
      generationTotal: campaign.recipientCount * templates.length,
      generationProcessed: total,
      generationCurrent: null,
      generationError: null,
      generationStartedAt: new Date(),
    },
    ['draft'],
  );
  return started && generationIdsOf(started);
}

/** What a generation job is given: the campaign, and its maker (whose mailbox its emails go from). */
export type GenerationIds = { userId: number; campaignId: number };
const generationIdsOf = (campaign: CampaignRow): GenerationIds => ({
  userId: campaign.userId,
  campaignId: campaign.id,
});

/**
 * "Regenerate this step": the step's emails still in review are deleted and written again by the
 * generation job, from the step's template and the recipient's current earlier emails, as drafts
 * to review. Emails of the step that left review (approved and on their way, sent) stay as they
 * are. Refused while the campaign is a draft or already generating. Returns how many are rewritten,
 * and the generation job's ids.
 */
export async function beginStepRegeneration(
  deps: GenerationDeps,
  member: Maker,
  campaignId: number,
  step: number,
): Promise<{ deleted: number; ids: GenerationIds }> {
  const { workspaceId } = member;
  const campaign = await ownCampaign(deps.db, workspaceId, campaignId);
  if (campaign.status === 'draft') throw new AppError('conflict', 'Generate the campaign’s emails first');
  if (campaign.status === 'generating')
    throw new AppError('conflict', 'Emails are being written for this campaign; try again when it is done');
  const templates = await templatesOfSteps(deps.db, campaign);
  if (step > templates.length) throw new AppError('bad_request', `This campaign has no step ${step}`);
  const template = templates[step - 1];
  if (!template) throw new AppError('bad_request', `Select a template for step ${step}`);
  if (writtenByAi(template) && !deps.ai) throw new AppError('not_configured', AI_NOT_CONFIGURED);
  const started = await updateCampaign(
    deps.db,
    workspaceId,
    campaignId,
    { status: 'generating', generationError: null, generatedBy: member.userId },
    [campaign.status],
  );
  if (!started) throw new AppError('conflict', 'The campaign changed meanwhile; try again');
  const deleted = await deleteStepDrafts(deps.db, campaignId, step);
  const { total } = await countCampaignEmails(deps.db, campaignId);
  await updateCampaign(deps.db, workspaceId, campaignId, {
    generationTotal: campaign.recipientCount * templates.length,
    generationProcessed: total,
    generationCurrent: null,
    generationStartedAt: new Date(),
  });
  return { deleted, ids: generationIdsOf(campaign) };
}

/**
 * docs/product.md §3: the email variable must be mapped, and every mapped key must be a variable
 * of some step's template (`variables` from mappingVariables).
 */
export function mappingFits(mapping: Record<string, string>, variables: string[]) {
  if (variables.includes('email') && !mapping.email) return false;
  return Object.keys(mapping).every((key) => variables.includes(key));
}

/**
 * Generates emails for recipients that have none yet, step by step (every recipient's first
 * email, then every recipient's second, …), until done or `deadline`. Safe to run again after a
 * crash or next to another worker: it only picks recipients without an email for the step, and
 * the database refuses a second email for one recipient and step. Returns whether work remains.
 */
export async function generateSomeEmails(
  deps: GenerationDeps,
  ids: GenerationIds,
  deadline: number,
  /**
   * Runs once every step is written, before the campaign turns ready: queues the draft checks.
   * A crash after it leaves the campaign generating, so the retried job queues them again.
   */
  whenWritten: () => Promise<void>,
): Promise<'done' | 'more' | 'stopped'> {
  const campaign = await madeCampaign(deps.db, ids);
  if (campaign.status !== 'generating') return 'stopped';
  const templates = await templatesOfSteps(deps.db, campaign);
  const missing = templates.indexOf(null);
  if (missing >= 0) {
    await failGeneration(
      deps.db,
      campaign,
      missing === 0
        ? 'The template of this campaign was deleted'
        : `The template of step ${missing + 1} was deleted`,
    );
    return 'stopped';
  }
  await recountGenerationProgress(deps.db, campaign.id);
  // Read once per run: every step, follow-ups included, tells the AI the same about the sender.
  const sender = (await senderOfCampaign(deps.db, campaign)).forPrompt;
  for (const [i, template] of (templates as TemplateRow[]).entries()) {
    const result = await generateStep(deps, campaign, template, i + 1, deadline, sender);
    if (result === 'more') return 'more';
  }
  await whenWritten();
  await updateCampaign(
    deps.db,
    campaign.workspaceId,
    campaign.id,
    { status: 'ready', generationCurrent: null },
    ['generating'],
  );
  // After a step was regenerated, some emails may be scheduled or sent: the status says so.
  await refreshCampaignSendStatus(deps.db, campaign.id);
  return 'done';
}

/** generateSomeEmails for one step: 'done' once every recipient has its email for the step. */
async function generateStep(
  deps: GenerationDeps,
  campaign: CampaignRow,
  template: TemplateRow,
  step: number,
  deadline: number,
  sender: SenderProfileForPrompt,
): Promise<'done' | 'more'> {
  // Set when the AI provider is down even after the SDK's retries: no new batch starts, the
  // recipients it could not write keep no email, and the job fails so that pg-boss runs it again
  // later (with backoff) for exactly those recipients. An outage never marks emails failed.
  const outage: Outage = { error: null };
  // The mapping serves every step; only this step's own variables can be missing from its email.
  const stepVariables = Object.keys(campaign.columnMapping).filter((v) => template.variables.includes(v));
  const writer = emailWriter(deps, template, stepVariables, outage, step, sender);
  const record = generationRecord(deps.ai, template, sender);
  const batchSize = writtenByAi(template) ? Math.max(deps.aiConcurrency * 4, 16) : 2000;
  // Two batches in flight: while one is written (or its last AI calls finish), the next is
  // already being produced, so the AI pool never idles at batch boundaries.
  const inFlight: Promise<void>[] = [];
  let afterId = 0;
  try {
    while (Date.now() < deadline && !outage.error) {
      const batch = await recipientsWithoutEmail(deps.db, campaign.id, step, afterId, batchSize);
      if (batch.length === 0) {
        await Promise.all(inFlight.splice(0));
        if (outage.error) break;
        return 'done';
      }
      afterId = batch.at(-1)!.id;
      // A follow-up is written knowing the recipient's emails before it, as the recipient will.
      const threads =
        step > 1
          ? await threadDrafts(
              deps.db,
              batch.map((r) => r.id),
              step,
            )
          : null;
      const items = batch.map((r) => ({
        recipient: r,
        values: valuesFor(r, campaign.columnMapping),
        thread: threads?.get(r.id) ?? [],
      }));
      const produced = writer(items);
      const previous = inFlight.at(-1) ?? Promise.resolve();
      const done = Promise.all([produced, previous]).then(async ([emails]) => {
        const written = await insertEmailBatch(deps.db, campaign, emails, record);
        await addGenerationProgress(deps.db, campaign.id, written, batch.at(-1)!.email);
      });
      done.catch(() => {}); // awaited below; this only keeps the rejection from being "unhandled"
      inFlight.push(done);
      if (inFlight.length >= 2) await inFlight.shift();
    }
  } finally {
    await Promise.allSettled(inFlight);
  }
  await Promise.all(inFlight);
  if (outage.error) throw outage.error;
  return 'more';
}

/** What the user reads when generation stopped because the AI provider stayed unreachable. */
export const AI_GAVE_UP =
  'The AI provider could not be reached, so generation stopped. The emails already written are kept: generate again to write the rest.';
/** …and when it stopped after repeated errors of any other kind (the log has the details). */
export const GENERATION_GAVE_UP =
  'Generation stopped after repeated errors. The emails already written are kept: generate again to write the rest.';

/**
 * The generation job's last retry failed too: the campaign leaves `generating` with a message
 * saying why, instead of showing a progress bar that never moves again.
 */
export async function giveUpGeneration(deps: GenerationDeps, ids: GenerationIds, err: unknown) {
  const campaign = await madeCampaign(deps.db, ids);
  await failGeneration(
    deps.db,
    campaign,
    err instanceof AiUnavailableError ? AI_GAVE_UP : GENERATION_GAVE_UP,
  );
}

/**
 * Generation stopped: the campaign goes back to draft to be fixed and generated again, unless some
 * of its emails already left review (a step was being regenerated), when its status follows them.
 */
export async function failGeneration(db: Db, campaign: CampaignRow, message: string) {
  const sending = await hasEmailsPastReview(db, campaign.id);
  await updateCampaign(
    db,
    campaign.workspaceId,
    campaign.id,
    { status: sending ? 'ready' : 'draft', generationError: message },
    ['generating'],
  );
  if (sending) await refreshCampaignSendStatus(db, campaign.id);
}

type Item = { recipient: Recipient; values: Record<string, string>; thread: ThreadDraft[] };
type Outage = { error: AiUnavailableError | null };

/** Template campaigns render locally; AI campaigns call the provider with bounded concurrency. */
function emailWriter(
  deps: GenerationDeps,
  template: TemplateRow,
  mappedVariables: string[],
  outage: Outage,
  step: number,
  sender: SenderProfileForPrompt,
): (items: Item[]) => Promise<NewEmail[]> {
  const compiled: CompiledTemplate | null =
    template.type === 'template' ? compileTemplate(template.subjectTemplate, template.bodyTemplate) : null;
  const instructions = template.aiInstructions?.trim() ?? '';
  // A follow-up answers in the thread the first email started, so it carries that subject.
  const subjectFor = (item: Item, own: string) =>
    step > 1 && item.thread[0] ? replySubject(item.thread[0].subject) : own;
  const draft = (item: Item, subject: string, body: string, attentionReason: string | null): NewEmail => ({
    recipientId: item.recipient.id,
    step,
    subject: subjectFor(item, subject),
    body,
    status: 'draft',
    errorMessage: null,
    attentionReason,
    trackingToken: crypto.randomBytes(18).toString('base64url'),
  });
  if (compiled && !instructions) {
    return async (items) =>
      items.map((item) => {
        const rendered = compiled.render(item.values);
        return draft(item, rendered.subject, rendered.body, attention(rendered.missingVariables));
      });
  }
  const limit = pLimit(deps.aiConcurrency);
  const ai = deps.ai;
  return async (items) => {
    const written = await Promise.all(
      items.map((item) =>
        limit(async () => {
          const { values } = item;
          // The provider is down: leave the rest for the retried job instead of waiting on each.
          if (outage.error) return null;
          const rendered = compiled?.render(values);
          const missing = rendered?.missingVariables ?? mappedVariables.filter((v) => !values[v]?.trim());
          try {
            if (!ai) throw new AppError('not_configured', AI_NOT_CONFIGURED);
            const email = await writeEmail(ai, {
              instructions,
              recipient: values,
              draft: rendered,
              thread: step > 1 ? item.thread : undefined,
              sender,
            });
            return draft(item, email.subject, sanitizeRichText(email.body), attention(missing));
          } catch (err) {
            if (err instanceof AiUnavailableError) {
              outage.error ??= err;
              return null;
            }
            const message = err instanceof Error ? err.message : 'AI generation failed';
            return {
              ...draft(item, '', '', attention(missing)),
              status: 'failed' as const,
              errorMessage: message,
            };
          }
        }),
      ),
    );
    return written.filter((email) => email !== null);
  };
}

/** The mapped variables' values for a recipient, plus every CSV column under its snake_case name. */
export function valuesFor(recipient: Recipient, mapping: Record<string, string>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [column, value] of Object.entries(recipient.data)) {
    const key = snakeCaseOf(column);
    if (key && !(key in values)) values[key] = value ?? '';
  }
  for (const [variable, column] of Object.entries(mapping)) values[variable] = recipient.data[column] ?? '';
  values.email = recipient.email;
  return values;
}

// Every recipient of a file has the same columns: convert each header once, not once per row.
const snakeCaseNames = new Map<string, string>();
function snakeCaseOf(column: string) {
  let name = snakeCaseNames.get(column);
  if (name === undefined) {
    name = toSnakeCase(column);
    if (snakeCaseNames.size < 10_000) snakeCaseNames.set(column, name);
  }
  return name;
}

const attention = (missing: string[]) => (missing.length ? `No value for: ${missing.join(', ')}` : null);
