import { z } from 'zod';
import type { AiModels } from './ai-models';
import { EMAIL_SYSTEM_PROMPT, emailPrompt } from './prompts/email-prompts';
import type { SenderProfileForPrompt } from './prompts/sender-profile';
import { structuredCall } from './structured-call';

const emailSchema = z.object({
  subject: z.string().describe('The subject line, plain text'),
  body: z.string().describe('The email body in simple HTML'),
});

/** One email for one recipient, from instructions (and, for enhanced templates, a rendered draft). */
export async function writeEmail(
  models: AiModels,
  input: {
    instructions: string;
    recipient: Record<string, string>;
    draft?: { subject: string; body: string };
    /** For a follow-up: the recipient's emails before it, oldest first. */
    thread?: { subject: string; body: string }[];
    /** What the email may say about the sender (the `<sender>` block); left out, nothing. */
    sender?: SenderProfileForPrompt;
  },
  abortSignal?: AbortSignal,
) {
  const { output, usage } = await structuredCall(models, {
    kind: 'email',
    system: EMAIL_SYSTEM_PROMPT,
    prompt: emailPrompt(input),
    schema: emailSchema,
    abortSignal,
  });
  return { subject: output.subject.replace(/\s+/g, ' ').trim(), body: output.body, usage };
}
