import { z } from 'zod';
import type { AiModels } from './ai-models';
import type { SenderProfileForPrompt } from './prompts/sender-profile';
import {
  PROMPT_WRITER_SYSTEM_PROMPT,
  promptWriterPrompt,
  TEMPLATE_WRITER_SYSTEM_PROMPT,
  templateWriterPrompt,
} from './prompts/template-prompts';
import { structuredCall } from './structured-call';

/** An email template (subject + HTML body with Liquid placeholders) from a description. */
export async function writeTemplate(
  models: AiModels,
  description: string,
  variables: string[],
  sender?: SenderProfileForPrompt,
) {
  const { output, usage } = await structuredCall(models, {
    kind: 'template',
    system: TEMPLATE_WRITER_SYSTEM_PROMPT,
    prompt: templateWriterPrompt(description, variables, sender),
    schema: z.object({ subject: z.string(), body: z.string() }),
  });
  return { subject: output.subject.trim(), body: output.body, usage };
}

/** Email-writing instructions for an AI Prompt template, from a description. */
export async function writePrompt(
  models: AiModels,
  description: string,
  variables: string[],
  sender?: SenderProfileForPrompt,
) {
  const { output, usage } = await structuredCall(models, {
    kind: 'prompt',
    system: PROMPT_WRITER_SYSTEM_PROMPT,
    prompt: promptWriterPrompt(description, variables, sender),
    schema: z.object({ aiInstructions: z.string() }),
  });
  return { aiInstructions: output.aiInstructions.trim(), usage };
}
