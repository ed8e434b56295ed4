import { z } from 'zod';
import type { AiModels } from './ai-models';
import {
  ANSWER_WRITER_SYSTEM_PROMPT,
  type AnswerWriterInput,
  answerWriterPrompt,
} from './prompts/answer-prompts';
import { structuredCall } from './structured-call';

const suggestionSchema = z.object({ body: z.string().describe('The answer body in simple HTML') });

/** One structured call: a suggested answer to a person's reply, for the member to edit and send. */
export async function suggestAnswer(models: AiModels, input: AnswerWriterInput, abortSignal?: AbortSignal) {
  const { output, usage } = await structuredCall(models, {
    kind: 'answer-suggestion',
    system: ANSWER_WRITER_SYSTEM_PROMPT,
    prompt: answerWriterPrompt(input),
    schema: suggestionSchema,
    abortSignal,
  });
  return { body: output.body, usage };
}
