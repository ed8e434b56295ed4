import { AI_NOT_CONFIGURED, type AiModels, createAiModels } from '../../src/server/ai/ai-models';
import { type Config, loadConfig } from '../../src/server/config';

/**
 * The guard every evaluation against a real model starts with: it runs only when asked to
 * (AI_EVAL=1, as it costs tokens) and with a provider configured as for the app. Whatever stops
 * it from running exits with code 2, so a caller can tell "could not run" from "ran and missed".
 */

export function cannotRun(message: string): never {
  console.error(message);
  process.exit(2);
}

export function aiForEval(purpose: string): { config: Config; models: AiModels } {
  if (process.env.AI_EVAL !== '1')
    cannotRun(`Set AI_EVAL=1 to ${purpose} with the configured AI provider (it costs tokens).`);
  try {
    const config = loadConfig();
    const models = createAiModels(config);
    if (!models) cannotRun(AI_NOT_CONFIGURED);
    return { config, models };
  } catch (err) {
    // A bad setting (AI_BASE_URL not a URL, no AI_MODEL for an OpenAI-compatible server).
    cannotRun((err as Error).message);
  }
}

/** A count setting: unset is null (all of them); anything but a whole number above 0 cannot run. */
export function countSetting(name: string): number | null {
  const raw = process.env[name]?.trim();
  if (!raw) return null;
  if (!/^[1-9]\d*$/.test(raw)) cannotRun(`${name} must be a whole number above 0, not "${raw}"`);
  return Number(raw);
}

/** "openai-compatible llama3.1 at http://127.0.0.1:8080/v1", for the report's first line. */
export function modelLabel(config: Config): string {
  const ai = config.ai;
  if (!ai) return 'no model';
  return `${ai.provider} ${ai.model ?? '(provider default)'}${ai.baseUrl ? ` at ${ai.baseUrl}` : ''}`;
}
