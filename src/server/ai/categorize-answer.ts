import { z } from 'zod';
import { PERSON_CATEGORIES } from '../../contract/answers';
import type { AiModels } from './ai-models';
import { ANSWER_SYSTEM_PROMPT, answerPrompt } from './prompts/answer-prompts';
import { structuredCall } from './structured-call';

const answerSchema = z.object({
  category: z.enum([...PERSON_CATEGORIES, 'unclear']),
  notNowUntil: z.string().nullable().describe('YYYY-MM-DD, for not-now only'),
  colleagueAddress: z.string().nullable().describe('An email address, for wrong-person only'),
});
export type AiAnswer = z.infer<typeof answerSchema>;

/** One structured call: what a person's answer means, read as data. */
export async function categorizeAnswer(
  models: AiModels,
  input: Parameters<typeof answerPrompt>[0],
  abortSignal?: AbortSignal,
): Promise<AiAnswer> {
  const { output } = await structuredCall(models, {
    kind: 'answer',
    system: ANSWER_SYSTEM_PROMPT,
    prompt: answerPrompt(input),
    schema: answerSchema,
    abortSignal,
  });
  return output;
}
