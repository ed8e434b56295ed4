import { Mark, Paper, Text } from '@mantine/core';
import { useMemo } from 'react';
import { promptSegments } from './prompt-segments';
import { valuesByVariable } from './sample-values';

interface PromptPreviewProps {
  prompt: string;
  recipient: Record<string, string>;
}

/** The prompt as AI will read it for the sample recipient: filled values highlighted, gaps in red. */
export function PromptPreview({ prompt, recipient }: PromptPreviewProps) {
  const segments = useMemo(() => promptSegments(prompt, valuesByVariable(recipient)), [prompt, recipient]);

  if (!prompt.trim()) {
    return (
      <Text size="sm" c="dimmed">
        Write a prompt to see it filled in for the sample recipient.
      </Text>
    );
  }
  return (
    <Paper withBorder p="md" radius="md" role="region" aria-label="Prompt preview">
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
        {segments.map((segment, index) => {
          const key = `${index}-${segment.kind}`;
          if (segment.kind === 'text') return <span key={key}>{segment.text}</span>;
          return (
            <Mark
              key={key}
              color={segment.kind === 'value' ? 'indigo.1' : 'red.1'}
              title={
                segment.kind === 'value'
                  ? `{{ ${segment.variable} }}`
                  : `No value for ${segment.variable} in the sample data`
              }
            >
              {segment.text}
            </Mark>
          );
        })}
      </Text>
    </Paper>
  );
}
