import crypto from 'node:crypto';
import type { z } from 'zod';
import type {
  generateEmailBody,
  generatePromptBody,
  generateTemplateBody,
  previewTemplateBody,
} from '../../contract/templates';
import { toSnakeCase } from '../../contract/variable-names';
import { AI_NOT_CONFIGURED, type AiModels } from '../ai/ai-models';
import { createImage } from '../ai/generate-image';
import { writeEmail } from '../ai/write-email';
import { writePrompt, writeTemplate } from '../ai/write-template';
import type { Db } from '../db/client';
import { AppError } from '../errors';
import { findGeneratedImage, insertGeneratedImage } from '../queries/generated-images';
import type { Maker } from '../queries/workspaces';
import { renderTemplate } from './render-template';
import { sanitizeRichText } from './sanitize-html';
import { senderOf } from './sender-profile/load';
import { normaliseVariables } from './template-variables';

type Ai = AiModels | null;
/** The signed-in member: they and their workspace's settings say what the AI may state (the `<sender>` block). */
const senderFor = async (db: Db, member: Maker) => (await senderOf(db, member)).forPrompt;

function requireAi(ai: Ai): AiModels {
  if (!ai) throw new AppError('not_configured', AI_NOT_CONFIGURED);
  return ai;
}

function requireText(value: string, message: string) {
  if (!value.trim()) throw new AppError('bad_request', message);
}

/** "AI Generate Template": a subject and HTML body with placeholders, from a description. */
export async function generateTemplateDraft(
  db: Db,
  ai: Ai,
  member: Maker,
  body: z.infer<typeof generateTemplateBody>,
) {
  requireText(body.prompt, 'Please describe the email you want');
  const models = requireAi(ai);
  const variables = normaliseVariables(body.variables);
  const result = await writeTemplate(models, body.prompt, variables, await senderFor(db, member));
  return { subject: result.subject, body: sanitizeRichText(result.body), usage: result.usage };
}

/** "AI Generate Prompt": email-writing instructions from a description. */
export async function generatePromptDraft(
  db: Db,
  ai: Ai,
  member: Maker,
  body: z.infer<typeof generatePromptBody>,
) {
  requireText(body.description, 'Please describe the emails you want');
  const models = requireAi(ai);
  const variables = normaliseVariables(body.variables);
  return writePrompt(models, body.description, variables, await senderFor(db, member));
}

/** The editor's live preview of a fixed template for one sample recipient (no AI). */
export function previewTemplate(body: z.infer<typeof previewTemplateBody>) {
  return renderTemplate(body.subjectTemplate, body.bodyTemplate, recipientValues(body.recipientData));
}

/**
 * "AI Email Preview": one email for one sample recipient, exactly as generation will write it —
 * a rendered template improved by its AI instructions, or an AI prompt's email — with the
 * Settings' sender profile (a campaign's own profile is not known here).
 */
export async function generateEmailPreview(
  db: Db,
  ai: Ai,
  member: Maker,
  body: z.infer<typeof generateEmailBody>,
) {
  const values = recipientValues(body.recipientData);
  if (Object.keys(body.recipientData).length === 0) {
    throw new AppError('bad_request', 'Upload a sample CSV to preview an AI email');
  }
  const instructions = body.template.aiInstructions?.trim() ?? '';
  if (body.type === 'prompt') {
    requireText(instructions, 'Please enter AI instructions');
    const models = requireAi(ai);
    const sender = await senderFor(db, member);
    const email = await writeEmail(models, { instructions, recipient: values, sender });
    return {
      subject: email.subject,
      body: sanitizeRichText(email.body),
      missingVariables: [],
      usage: email.usage,
    };
  }
  const rendered = renderTemplate(
    body.template.subjectTemplate ?? '',
    body.template.bodyTemplate ?? '',
    values,
  );
  if (!instructions) return rendered;
  const models = requireAi(ai);
  const sender = await senderFor(db, member);
  const email = await writeEmail(models, { instructions, recipient: values, draft: rendered, sender });
  return {
    subject: email.subject,
    body: sanitizeRichText(email.body),
    missingVariables: rendered.missingVariables,
    usage: email.usage,
  };
}

/** "Generate Image": made by the AI provider, kept in the database and served at /i/:token. */
export async function generateEditorImage(db: Db, ai: Ai, userId: number, prompt: string, publicUrl: URL) {
  requireText(prompt, 'Please describe the image you want');
  const image = await createImage(requireAi(ai), prompt);
  const token = crypto.randomBytes(18).toString('base64url');
  await insertGeneratedImage(db, { userId, token, mediaType: image.mediaType, data: image.base64, prompt });
  return { url: new URL(`/i/${token}`, publicUrl).href };
}

export async function readEditorImage(db: Db, token: string) {
  const image = await findGeneratedImage(db, token);
  if (!image) throw new AppError('not_found', 'Image not found');
  return { mediaType: image.mediaType, bytes: Buffer.from(image.data, 'base64') };
}

/** Sample data keyed both as given (CSV header) and as the snake_case variable it maps to. */
function recipientValues(data: Record<string, string>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(data)) {
    values[key] = value;
    values[toSnakeCase(key)] ??= value;
  }
  return values;
}
