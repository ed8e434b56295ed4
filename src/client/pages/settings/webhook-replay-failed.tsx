import { Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { isoFromLocalInput, localInputValue } from '../../local-date-time';

const DAY_MS = 24 * 3600_000;

/**
 * "Replay failed…": every delivery given up whose event happened between two moments, the last 24
 * hours unless changed. Until may be left empty: up to now.
 */
export function WebhookReplayFailed({
  loading,
  onReplay,
  onCancel,
}: {
  loading: boolean;
  onReplay: (range: { since: string; until?: string }) => void;
  onCancel: () => void;
}) {
  const [since, setSince] = useState(() => localInputValue(new Date(Date.now() - DAY_MS)));
  const [until, setUntil] = useState(() => localInputValue(new Date()));
  const sinceIso = isoFromLocalInput(since);
  const untilIso = until ? isoFromLocalInput(until) : null;
  const sinceError = sinceIso ? null : 'Enter a date and time';
  const untilError =
    until && !untilIso
      ? 'Enter a date and time, or leave it empty for now'
      : sinceIso && untilIso && untilIso <= sinceIso
        ? 'Until must come after since'
        : null;

  return (
    <Paper withBorder p="md">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!sinceIso || untilError) return;
          onReplay(untilIso ? { since: sinceIso, until: untilIso } : { since: sinceIso });
        }}
      >
        <Stack gap="sm">
          <Text size="sm">
            Send again every failed delivery whose event happened in this time range (your browser’s time
            zone).
          </Text>
          <Group grow align="flex-start">
            <TextInput
              type="datetime-local"
              label="Since"
              value={since}
              onChange={(event) => setSince(event.currentTarget.value)}
              error={sinceError}
              required
            />
            <TextInput
              type="datetime-local"
              label="Until"
              value={until}
              onChange={(event) => setUntil(event.currentTarget.value)}
              error={untilError}
            />
          </Group>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" size="xs" onClick={onCancel}>
              Cancel
            </Button>
            <Button type="submit" size="xs" loading={loading} disabled={!!sinceError || !!untilError}>
              Replay failed deliveries
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
