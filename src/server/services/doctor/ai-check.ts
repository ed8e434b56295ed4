import { APICallError, generateText } from 'ai';
import { createAiModels } from '../../ai/ai-models';
import type { Config } from '../../config';
import { type DoctorCheck, fail, pass, reasonOf, warn } from './doctor-check';

const TITLE = 'AI provider (AI_PROVIDER)';

/** One tiny call to the configured model (a few tokens), as writing an email would make it. */
export async function checkAi(
  config: Config,
  sawDate: (source: string, header: string | null) => void,
): Promise<DoctorCheck> {
  if (!config.ai) {
    return warn(
      'ai',
      TITLE,
      'No AI provider is configured: writing and checking emails with AI is off.',
      'Set AI_PROVIDER (openai, anthropic, google or openai-compatible), AI_MODEL and AI_API_KEY (plus AI_BASE_URL for a compatible server such as Ollama), then restart Tailor.',
    );
  }
  let models: ReturnType<typeof createAiModels>;
  try {
    models = createAiModels(config);
  } catch (err) {
    return fail(
      'ai',
      TITLE,
      `The AI settings are incomplete: ${reasonOf(err)}.`,
      'Set the variable named above and run the doctor again.',
    );
  }
  const { provider, baseUrl } = config.ai;
  const model = models!.text;
  const modelName = typeof model === 'string' ? model : model.modelId;
  const what = `${provider} model ${modelName}${baseUrl ? ` at ${baseUrl}` : ''}`;
  try {
    const result = await generateText({
      model,
      prompt: 'Reply with the single word OK.',
      maxOutputTokens: 16,
      maxRetries: 0,
      abortSignal: AbortSignal.timeout(config.ai.timeoutMs),
    });
    sawDate(`the ${provider} API`, result.response.headers?.date ?? null);
    return pass('ai', TITLE, `The ${what} answered a test request.`);
  } catch (err) {
    const status = APICallError.isInstance(err) ? err.statusCode : undefined;
    const why = `The ${what} failed a test request${status ? ` (HTTP ${status})` : ''}: ${reasonOf(err)}.`;
    if (status === 401 || status === 403)
      return fail('ai', TITLE, why, 'Check AI_API_KEY: the provider refused it.');
    if (status === 404)
      return fail(
        'ai',
        TITLE,
        why,
        'Check AI_MODEL (and AI_BASE_URL): the provider does not know this model there.',
      );
    if (status === 429)
      return warn(
        'ai',
        TITLE,
        why,
        "Check the account's quota and billing with the provider; Tailor retries rate limits by itself.",
      );
    return fail(
      'ai',
      TITLE,
      why,
      `Check that this machine reaches the provider${baseUrl ? ' at AI_BASE_URL' : ''}, and AI_TIMEOUT_MS.`,
    );
  }
}
