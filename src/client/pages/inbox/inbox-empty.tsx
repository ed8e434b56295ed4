import { Button, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';

/**
 * An inbox that lists nothing: either nothing has come back yet, or the filters leave nothing,
 * which one click undoes.
 */
export function InboxEmpty({ filtered, onClearFilters }: { filtered: boolean; onClearFilters: () => void }) {
  return (
    <Stack align="center" gap="xs" py="xl" px="md" ta="center">
      <ThemeIcon variant="light" color="gray" size="xl" radius="xl" aria-hidden>
        <IconInbox size={22} />
      </ThemeIcon>
      {filtered ? (
        <>
          <Text fw={600}>No answers match these filters</Text>
          <Button variant="light" size="xs" onClick={onClearFilters}>
            Clear filters
          </Button>
        </>
      ) : (
        <>
          <Text fw={600}>No answers yet</Text>
          <Text size="sm" c="dimmed" maw={420}>
            Replies, automatic replies, bounces and emailed unsubscribe requests to your campaigns show here
            as the mailbox sync reads them.
          </Text>
        </>
      )}
    </Stack>
  );
}
