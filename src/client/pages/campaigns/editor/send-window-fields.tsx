import { Box, Chip, Code, Group, Input, Stack, Text, Title } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { useId } from 'react';
import { WEEKDAYS, windowProblems } from './send-window';
import type { CampaignEditorState } from './use-campaign-editor-state';

/**
 * When follow-ups may go out: weekdays and a time range, in each recipient's own time zone. Problems
 * show inline as they appear; the editor refuses to save until they are fixed.
 */
export function SendWindowFields({ state }: { state: CampaignEditorState }) {
  const { draft, changeWindow } = state;
  const window = draft.sendWindow;
  const problems = windowProblems(window);
  const titleId = useId();
  const daysId = useId();
  const daysErrorId = useId();

  return (
    <Stack gap="xs" component="section" aria-labelledby={titleId}>
      <Title order={4} fz="sm" id={titleId}>
        Sending window
      </Title>
      <Text size="xs" c="dimmed">
        Follow-ups go out only on these days and between these times, in each recipient’s time zone (a{' '}
        <Code>timezone</Code> column in your CSV), otherwise in yours.
      </Text>
      <Box role="group" aria-labelledby={daysId} aria-describedby={problems.days ? daysErrorId : undefined}>
        <Text size="sm" fw={500} id={daysId} mb={4}>
          Days
        </Text>
        <Chip.Group
          multiple
          value={window.days.map(String)}
          onChange={(days) => changeWindow({ days: days.map(Number).sort((a, b) => a - b) })}
        >
          <Group gap={6}>
            {WEEKDAYS.map(({ day, label }) => (
              <Chip key={day} value={String(day)} size="sm">
                {label}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
        {problems.days && (
          <Input.Error id={daysErrorId} mt={4}>
            {problems.days}
          </Input.Error>
        )}
      </Box>
      <Group grow align="flex-start" gap="sm">
        <TimeInput
          label="Start time"
          value={window.start}
          onChange={(event) => changeWindow({ start: event.currentTarget.value })}
          error={problems.start}
        />
        <TimeInput
          label="End time"
          description="Not included; 00:00 is midnight at the day’s end"
          value={window.end}
          onChange={(event) => changeWindow({ end: event.currentTarget.value })}
          error={problems.end}
        />
      </Group>
    </Stack>
  );
}
