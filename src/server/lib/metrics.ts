import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';

/** Route label for requests that matched no route, so scanners cannot grow the label set. */
export const UNMATCHED_ROUTE = 'unmatched';

export type Metrics = ReturnType<typeof createMetrics>;
export type EmailTransportLabel = 'gmail' | 'graph' | 'smtp' | 'outbox';
export type AiCallKind =
  | 'email'
  | 'template'
  | 'prompt'
  | 'automap'
  | 'image'
  | 'claims'
  | 'answer'
  | 'answer-suggestion';

/**
 * The Prometheus metrics of one process, on a registry of its own rather than prom-client's
 * global one: tests build many apps in one process, and each must count only its own work.
 */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  return {
    registry,
    httpDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request duration in seconds, by method, route pattern and status code.',
      labelNames: ['method', 'route', 'status_code'] as const,
      registers,
    }),
    jobsProcessed: new Counter({
      name: 'jobs_processed_total',
      help: 'Background jobs that finished without error, by queue.',
      labelNames: ['queue'] as const,
      registers,
    }),
    jobsFailed: new Counter({
      name: 'jobs_failed_total',
      help: 'Background jobs that threw (pg-boss retries them up to their retry limit), by queue.',
      labelNames: ['queue'] as const,
      registers,
    }),
    emailsSent: new Counter({
      name: 'emails_sent_total',
      help: 'Campaign emails handed to their transport (or stored in the outbox), by transport.',
      labelNames: ['transport'] as const,
      registers,
    }),
    emailsFailed: new Counter({
      name: 'emails_failed_total',
      help: 'Campaign emails that failed for good (after retries), by transport.',
      labelNames: ['transport'] as const,
      registers,
    }),
    aiCalls: new Counter({
      name: 'ai_calls_total',
      help: 'Calls to the AI provider, by kind of call and outcome (success or failure).',
      labelNames: ['kind', 'outcome'] as const,
      registers,
    }),
    aiTokens: new Counter({
      name: 'ai_tokens_total',
      help: 'AI tokens used, as reported by the provider, by kind (input or output).',
      labelNames: ['kind'] as const,
      registers,
    }),
  };
}

/** Counts one AI call and the tokens it used; used by the AI helpers after each call settles. */
export function recordAiCall(
  metrics: Metrics | undefined,
  kind: AiCallKind,
  outcome: 'success' | 'failure',
  usage: { inputTokens: number; outputTokens: number } = { inputTokens: 0, outputTokens: 0 },
) {
  if (!metrics) return;
  metrics.aiCalls.inc({ kind, outcome });
  if (usage.inputTokens) metrics.aiTokens.inc({ kind: 'input' }, usage.inputTokens);
  if (usage.outputTokens) metrics.aiTokens.inc({ kind: 'output' }, usage.outputTokens);
}
