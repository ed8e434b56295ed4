import { Box, Button, Card, Stack, Text } from '@mantine/core';
import { IconChevronLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';

// The header (72 px) and a gap: the detail pane sticks below them as the list scrolls.
const STICKY_TOP = 'calc(72px + var(--mantine-spacing-md))';

interface InboxLayoutProps {
  /** Below 62em the list and the detail do not fit side by side. */
  narrow: boolean;
  filters: ReactNode;
  list: ReactNode;
  /** The answer open; null when none is. */
  detail: ReactNode;
  /** What the detail pane says while no answer is open. */
  placeholder: string;
  onBack: () => void;
}

/**
 * Where the inbox's parts go. Wide: the filters across the page, the list on the left and the
 * answer open on the right, kept in sight (sticky) as the list scrolls. Narrow (a phone): the
 * filters and the list, or the answer open at the page's full width with a way back to the list.
 */
export function InboxLayout({ narrow, filters, list, detail, placeholder, onBack }: InboxLayoutProps) {
  if (narrow)
    return detail ? (
      <Stack gap="sm">
        <Button
          variant="subtle"
          leftSection={<IconChevronLeft size={16} />}
          onClick={onBack}
          style={{ alignSelf: 'flex-start' }}
        >
          Back to the answers
        </Button>
        <Card>{detail}</Card>
      </Stack>
    ) : (
      <Stack gap="md">
        {filters}
        {list}
      </Stack>
    );
  return (
    <Stack gap="md">
      {filters}
      <Box
        style={{
          display: 'grid',
          gridTemplateColumns: 'minmax(0, 5fr) minmax(0, 7fr)',
          gap: 'var(--mantine-spacing-lg)',
          alignItems: 'start',
        }}
      >
        <Stack gap="xs">
          {list}
          <Text size="xs" c="dimmed" ta="center">
            Press ? for keyboard shortcuts
          </Text>
        </Stack>
        {/* Taller than the window, the pane scrolls on its own, with its own scroll bar. */}
        <Card
          mah={`calc(100dvh - ${STICKY_TOP} - var(--mantine-spacing-md))`}
          style={{ position: 'sticky', top: STICKY_TOP, overflowY: 'auto' }}
        >
          {detail ?? (
            <Text c="dimmed" ta="center" py="xl" size="sm">
              {placeholder}
            </Text>
          )}
        </Card>
      </Box>
    </Stack>
  );
}
