import { Box, Chip, Group, Input, Stack, Text, Title } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { type ReactNode, useId } from 'react';
import { type SendWindowDraft, WEEKDAYS, windowProblems } from './send-window';

interface SendWindowFieldsProps {
  title: string;
  /** What the window governs, and in whose time zone. */
  description: ReactNode;
  window: SendWindowDraft;
  onChange: (patch: Partial<SendWindowDraft>) => void;
}

/**
 * Days and a time range emails may go out in (a campaign's follow-ups, a mailbox's sending).
 * Problems show inline as they appear; the form refuses to save until they are fixed.
 */
export function SendWindowFields({ title, description, window, onChange }: SendWindowFieldsProps) {
  const problems = windowProblems(window);
  const titleId = useId();
  const daysId = useId();
  const daysErrorId = useId();

  return (
    <Stack gap="xs" component="section" aria-labelledby={titleId}>
      <Title order={4} fz="sm" id={titleId}>
        {title}
      </Title>
      <Text size="xs" c="dimmed">
        {description}
      </Text>
      <Box role="group" aria-labelledby={daysId} aria-describedby={problems.days ? daysErrorId : undefined}>
        <Text size="sm" fw={500} id={daysId} mb={4}>
          Days
        </Text>
        <Chip.Group
          multiple
          value={window.days.map(String)}
          onChange={(days) => onChange({ days: days.map(Number).sort((a, b) => a - b) })}
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
          onChange={(event) => onChange({ start: event.currentTarget.value })}
          error={problems.start}
        />
        <TimeInput
          label="End time"
          description="Not included; 00:00 is midnight at the day’s end"
          value={window.end}
          onChange={(event) => onChange({ end: event.currentTarget.value })}
          error={problems.end}
        />
      </Group>
    </Stack>
  );
}
