import { z } from 'zod';
import type { AiModels } from './ai-models';
import { EMAIL_SYSTEM_PROMPT, type EmailPromptInput, emailPrompt } from './prompts/email-prompts';
import { structuredCall } from './structured-call';

const emailSchema = z.object({
  subject: z.string().describe('The subject line, plain text'),
  body: z.string().describe('The email body in simple HTML'),
});

/** One email for one recipient, from instructions (and, for enhanced templates, a rendered draft). */
export async function writeEmail(models: AiModels, input: EmailPromptInput, abortSignal?: AbortSignal) {
  const { output, usage } = await structuredCall(models, {
    kind: 'email',
    system: EMAIL_SYSTEM_PROMPT,
    prompt: emailPrompt(input),
    schema: emailSchema,
    abortSignal,
  });
  return { subject: output.subject.replace(/\s+/g, ' ').trim(), body: output.body, usage };
}
