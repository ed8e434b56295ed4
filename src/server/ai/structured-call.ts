import { APICallError, generateText, NoObjectGeneratedError, Output, RetryError } from 'ai';
import type { z } from 'zod';
import { AppError } from '../errors';
import type { AiModels } from './ai-models';

export type TokenUsage = { inputTokens: number; outputTokens: number; totalTokens: number };

/**
 * One structured AI call: the reply must match `schema` (validated by the SDK with zod). The SDK
 * retries 429 and 5xx with exponential backoff and honours Retry-After (AI_MAX_RETRIES); what
 * still fails becomes an AppError whose message says why, for the UI to show inline.
 */
export async function structuredCall<S extends z.ZodType>(
  models: AiModels,
  request: { system: string; prompt: string; schema: S; abortSignal?: AbortSignal },
): Promise<{ output: z.infer<S>; usage: TokenUsage }> {
  try {
    const result = await generateText({
      model: models.text,
      system: request.system,
      prompt: request.prompt,
      output: Output.object({ schema: request.schema }),
      maxRetries: models.settings.maxRetries,
      abortSignal: request.abortSignal ?? AbortSignal.timeout(models.settings.timeoutMs),
    });
    return {
      output: result.output as z.infer<S>,
      usage: {
        inputTokens: result.usage.inputTokens ?? 0,
        outputTokens: result.usage.outputTokens ?? 0,
        totalTokens: result.usage.totalTokens ?? 0,
      },
    };
  } catch (err) {
    throw new AppError('upstream_failed', describeAiFailure(err));
  }
}

/** A short reason for people: the provider's own message where there is one. */
export function describeAiFailure(err: unknown): string {
  const last = RetryError.isInstance(err) ? err.lastError : err;
  if (APICallError.isInstance(last)) {
    const status = last.statusCode ? ` (HTTP ${last.statusCode})` : '';
    const retried = RetryError.isInstance(err) ? ` after ${err.errors.length} attempts` : '';
    return `The AI provider failed${status}${retried}: ${firstLine(last.message)}`;
  }
  if (NoObjectGeneratedError.isInstance(last))
    return 'The AI provider returned a reply that could not be read.';
  if (last instanceof Error && (last.name === 'TimeoutError' || last.name === 'AbortError')) {
    return 'The AI provider did not answer in time.';
  }
  return `The AI provider failed: ${last instanceof Error ? firstLine(last.message) : 'unknown error'}`;
}

const firstLine = (text: string) => text.split('\n')[0]!.slice(0, 300);
