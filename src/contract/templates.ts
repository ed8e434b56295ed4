import { z } from 'zod';

export const templateType = z.enum(['template', 'prompt']);
export type TemplateType = z.infer<typeof templateType>;

/** A template (docs/product.md §2). `variables` always includes `email`. */
export const template = z.object({
  id: z.number(),
  name: z.string(),
  type: templateType,
  subjectTemplate: z.string(),
  bodyTemplate: z.string(),
  aiInstructions: z.string().nullable(),
  variables: z.array(z.string()),
  createdAt: z.string(),
  archivedAt: z.string().nullable(),
});
export type Template = z.infer<typeof template>;

/**
 * A template the AI writes from: a prompt, or a fixed template with instructions to improve it.
 * Its emails can say things nobody gave the AI, so the draft checks read their claims.
 */
export const writtenByAi = (t: { type: string; aiInstructions: string | null } | null) =>
  !!t && (t.type === 'prompt' || Boolean(t.aiInstructions?.trim()));

const MAX_TEMPLATE_CHARS = 100_000;

/**
 * POST /api/templates (PUT adds the id). Emptiness is checked by the service, with docs/product.md §2's
 * messages.
 */
export const saveTemplateBody = z
  .object({
    id: z.number().int().optional(),
    name: z.string().max(200),
    type: templateType,
    subjectTemplate: z.string().max(2_000).nullable().optional(),
    bodyTemplate: z.string().max(MAX_TEMPLATE_CHARS).nullable().optional(),
    aiInstructions: z.string().max(MAX_TEMPLATE_CHARS).nullable().optional(),
    variables: z.array(z.string().max(64)).max(200).optional(),
  })
  .strict();
export type SaveTemplateBody = z.infer<typeof saveTemplateBody>;

/** GET /api/templates/:id/active-campaigns: campaigns that use it and have no emails yet. */
export const activeCampaign = z.object({ id: z.number(), name: z.string(), status: z.string() });

const variablesField = z.array(z.string().max(64)).max(200).default([]);
/** Recipient data for previews: column or variable name → value. */
const recipientData = z.record(z.string().max(200), z.string().max(10_000));

/** POST /api/templates/generate: write an email template from a description. */
export const generateTemplateBody = z
  .object({ prompt: z.string().max(10_000), variables: variablesField })
  .strict();
export const generateTemplateReply = z.object({ subject: z.string(), body: z.string() });

/** POST /api/templates/generate-prompt: write AI instructions from a description. */
export const generatePromptBody = z
  .object({ description: z.string().max(10_000), variables: variablesField })
  .strict();
export const generatePromptReply = z.object({ aiInstructions: z.string() });

/** POST /api/templates/generate-email: one email for one recipient (the editor's AI preview). */
export const generateEmailBody = z
  .object({
    template: z.object({
      subjectTemplate: z.string().max(2_000).nullable().optional(),
      bodyTemplate: z.string().max(MAX_TEMPLATE_CHARS).nullable().optional(),
      aiInstructions: z.string().max(MAX_TEMPLATE_CHARS).nullable().optional(),
    }),
    type: templateType,
    recipientData,
    variables: variablesField,
  })
  .strict();
export const generateEmailReply = z.object({
  subject: z.string(),
  body: z.string(),
  /** Variables the template uses that this recipient has no value for. */
  missingVariables: z.array(z.string()),
});

/** POST /api/templates/preview: render a template for sample data without AI (the live preview). */
export const previewTemplateBody = z
  .object({
    subjectTemplate: z.string().max(2_000),
    bodyTemplate: z.string().max(MAX_TEMPLATE_CHARS),
    recipientData,
  })
  .strict();
export const previewTemplateReply = generateEmailReply;

/** POST /api/generate-image. */
export const generateImageBody = z.object({ prompt: z.string().max(4_000) }).strict();
export const generateImageReply = z.object({ url: z.string() });
