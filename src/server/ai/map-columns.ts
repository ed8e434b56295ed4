import { z } from 'zod';
import type { AiModels } from './ai-models';
import { AUTOMAP_SYSTEM_PROMPT, automapPrompt } from './prompts/automap-prompts';
import { structuredCall } from './structured-call';

/** Asks the AI to pair still-unmapped variables with still-unused columns. */
export async function mapColumnsWithAi(models: AiModels, variables: string[], columns: string[]) {
  const { output } = await structuredCall(models, {
    kind: 'automap',
    system: AUTOMAP_SYSTEM_PROMPT,
    prompt: automapPrompt(variables, columns),
    schema: z.object({ pairs: z.array(z.object({ variable: z.string(), column: z.string() })) }),
  });
  return output.pairs;
}
