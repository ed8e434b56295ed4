import { z } from 'zod';
import type { AiModels } from './ai-models';
import { CLAIMS_SYSTEM_PROMPT, claimsPrompt } from './prompts/claims-prompts';
import { structuredCall } from './structured-call';

const claimsSchema = z.object({
  claims: z.array(
    z.object({
      text: z.string().describe('The words of the draft that make the claim, copied exactly'),
      supportedBy: z
        .string()
        .nullable()
        .describe('The recipient_data field, "template" or "sender" that states it; null when none does'),
    }),
  ),
});

export type Claim = z.infer<typeof claimsSchema>['claims'][number];

/** The claims one draft makes about its recipient, each with what the AI says supports it. */
export async function checkClaims(
  models: AiModels,
  input: Parameters<typeof claimsPrompt>[0],
  abortSignal?: AbortSignal,
) {
  const { output, usage } = await structuredCall(models, {
    kind: 'claims',
    system: CLAIMS_SYSTEM_PROMPT,
    prompt: claimsPrompt(input),
    schema: claimsSchema,
    abortSignal,
  });
  return { claims: output.claims, usage };
}
