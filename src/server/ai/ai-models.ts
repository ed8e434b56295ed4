import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { ImageModel, LanguageModel } from 'ai';
import type { Config } from '../config';
import type { Metrics } from '../lib/metrics';

type AiSettings = NonNullable<Config['ai']>;

export type AiModels = {
  text: LanguageModel;
  image: ImageModel | null;
  settings: AiSettings;
  /** Where calls and token usage are counted (absent in code that builds models by hand). */
  metrics?: Metrics;
};

/** Sensible small, fast models per provider when AI_MODEL is not set. */
const DEFAULT_MODELS: Record<AiSettings['provider'], string | undefined> = {
  openai: 'gpt-4o-mini',
  anthropic: 'claude-3-5-haiku-latest',
  google: 'gemini-2.0-flash',
  'openai-compatible': undefined,
};

export const AI_NOT_CONFIGURED =
  'No AI provider configured. Set AI_PROVIDER (openai, anthropic, google or openai-compatible), AI_MODEL and ' +
  'AI_API_KEY (plus AI_BASE_URL for an OpenAI-compatible server such as Ollama or vLLM), then restart Tailor.';

/** The AI SDK models for the configured provider, or null when none is configured. */
export function createAiModels(config: Config, metrics?: Metrics): AiModels | null {
  const models = modelsFor(config);
  return models && { ...models, metrics };
}

function modelsFor(config: Config): AiModels | null {
  const settings = config.ai;
  if (!settings) return null;
  const modelId = settings.model ?? DEFAULT_MODELS[settings.provider];
  if (!modelId) throw new Error('AI_MODEL is required with AI_PROVIDER=openai-compatible');
  const common = { apiKey: settings.apiKey, ...(settings.baseUrl && { baseURL: settings.baseUrl }) };
  switch (settings.provider) {
    case 'openai': {
      const openai = createOpenAI(common);
      return { text: openai(modelId), image: openai.image(settings.imageModel ?? 'gpt-image-1'), settings };
    }
    case 'anthropic':
      return { text: createAnthropic(common)(modelId), image: null, settings };
    case 'google': {
      const google = createGoogleGenerativeAI(common);
      return {
        text: google(modelId),
        image: settings.imageModel ? google.image(settings.imageModel) : null,
        settings,
      };
    }
    case 'openai-compatible': {
      if (!settings.baseUrl) throw new Error('AI_BASE_URL is required with AI_PROVIDER=openai-compatible');
      const compatible = createOpenAICompatible({
        name: 'openai-compatible',
        baseURL: settings.baseUrl,
        apiKey: settings.apiKey,
        supportsStructuredOutputs: true,
      });
      return {
        text: compatible.chatModel(modelId),
        image: settings.imageModel ? compatible.imageModel(settings.imageModel) : null,
        settings,
      };
    }
  }
}
