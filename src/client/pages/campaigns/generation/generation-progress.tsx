import { Group, Progress, Stack, Text } from '@mantine/core';
import type { GenerationProgress as Progressing } from './use-generation';

/** The progress of a campaign's generation: a bar (max 100), the count and who is next. */
export function GenerationProgress({ name, progress }: { name: string; progress: Progressing }) {
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="xs" fw={500}>
          Generating emails…
        </Text>
        <Text size="xs" c="dimmed">
          {progress.processed.toLocaleString()} / {progress.total.toLocaleString()}
        </Text>
      </Group>
      <Progress.Root size="md">
        {/* The section carries role="progressbar" (max 100), so it gets the name. */}
        <Progress.Section value={progress.progress} animated aria-label={`Generating emails for ${name}`} />
      </Progress.Root>
      {progress.currentRecipient && (
        <Text size="xs" c="dimmed" truncate="end">
          Writing for {progress.currentRecipient}
        </Text>
      )}
    </Stack>
  );
}
