import { Group, Text } from '@mantine/core';
import { OPENED_LOOKS } from './opened-icon';

const ENTRIES = [
  { look: OPENED_LOOKS.person, text: 'opened by a person' },
  { look: OPENED_LOOKS.machine, text: 'opened only by an image proxy or scanner (probably not read)' },
  { look: OPENED_LOOKS.none, text: 'not opened' },
];

/** What the three icons of the Opened column mean, under the table: without it they are a guess. */
export function OpenedLegend() {
  return (
    <Group gap="xs" wrap="wrap" role="list" aria-label="Opened column legend">
      <Text size="xs" c="dimmed" fw={600}>
        Opened:
      </Text>
      {ENTRIES.map(({ look: { Icon, color }, text }) => (
        <Group key={text} gap={4} wrap="nowrap" role="listitem">
          <Icon size={16} color={color} aria-hidden />
          <Text size="xs" c="dimmed">
            {text}
          </Text>
        </Group>
      ))}
    </Group>
  );
}
