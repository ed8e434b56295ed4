import { Alert, Code, Text } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { usePublicConfig } from '../session/use-public-config';

/** False only once the server has said it has no AI provider (while loading, features stay offered). */
export function useAiAvailable(): boolean {
  const { data } = usePublicConfig();
  return data?.ai !== false;
}

/**
 * Said before anyone types (docs/product.md §2): this feature needs an AI provider, none is
 * connected, and which settings connect one, a local OpenAI-compatible server such as Ollama included.
 */
export function AiProviderNotice({ feature }: { feature: string }) {
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconPlugConnectedX size={18} />}
      title="Needs an AI provider"
      role="status"
      aria-label="Needs an AI provider"
    >
      <Text size="sm">
        {feature} uses AI, and no AI provider is connected to this server. The operator sets{' '}
        <Code>AI_PROVIDER</Code>, <Code>AI_MODEL</Code> and <Code>AI_API_KEY</Code> (OpenAI, Anthropic or
        Google) and restarts Tailor.
      </Text>
      <Text size="sm" mt="xs">
        To use a model on your own machine, run an OpenAI-compatible server such as Ollama and set{' '}
        <Code>AI_PROVIDER=openai-compatible</Code>, <Code>AI_BASE_URL=http://localhost:11434/v1</Code> and{' '}
        <Code>AI_MODEL</Code> to a model it serves (for example <Code>llama3.1</Code>).
      </Text>
    </Alert>
  );
}
