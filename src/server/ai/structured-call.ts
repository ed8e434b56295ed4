import { APICallError, generateText, NoObjectGeneratedError, Output, RetryError } from 'ai';
import type { z } from 'zod';
import { AppError } from '../errors';
import { type AiCallKind, recordAiCall } from '../lib/metrics';
import type { AiModels } from './ai-models';

export type TokenUsage = { inputTokens: number; outputTokens: number; totalTokens: number };

/**
 * One structured AI call: the reply must match `schema` (validated by the SDK with zod). The SDK
 * retries 429 and 5xx with exponential backoff and honours Retry-After (AI_MAX_RETRIES); what
 * still fails becomes an AppError whose message says why, for the UI to show inline.
 */
export async function structuredCall<S extends z.ZodType>(
  models: AiModels,
  request: { kind: AiCallKind; system: string; prompt: string; schema: S; abortSignal?: AbortSignal },
): Promise<{ output: z.infer<S>; usage: TokenUsage }> {
  let result: Awaited<ReturnType<typeof generateText>>;
  try {
    result = await generateText({
      model: models.text,
      system: request.system,
      prompt: request.prompt,
      output: Output.object({ schema: request.schema }),
      maxRetries: models.settings.maxRetries,
      abortSignal: request.abortSignal ?? AbortSignal.timeout(models.settings.timeoutMs),
    });
  } catch (err) {
    recordAiCall(models.metrics, request.kind, 'failure');
    const message = describeAiFailure(err);
    throw isTemporary(err) ? new AiUnavailableError(message) : new AppError('upstream_failed', message);
  }
  const usage = {
    inputTokens: result.usage.inputTokens ?? 0,
    outputTokens: result.usage.outputTokens ?? 0,
    totalTokens: result.usage.totalTokens ?? 0,
  };
  recordAiCall(models.metrics, request.kind, 'success', usage);
  return { output: result.output as z.infer<S>, usage };
}

/**
 * The provider could not answer right now (5xx, 429, unreachable, no answer in time) even after
 * the SDK's own retries: background work should try the item again later rather than give up.
 */
export class AiUnavailableError extends AppError {
  constructor(message: string) {
    super('upstream_failed', message);
    this.name = 'AiUnavailableError';
  }
}

function isTemporary(err: unknown): boolean {
  const last = RetryError.isInstance(err) ? err.lastError : err;
  if (APICallError.isInstance(last)) return last.isRetryable;
  return last instanceof Error && last.name === 'TimeoutError';
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
