import { Avatar, Badge, Card, Divider, Group, Mark, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';

/** Illustration only: what a personalised, approved email looks like. */
export function EmailPreviewCard() {
  return (
    <Card shadow="xl" padding="xl" radius="lg" aria-label="Example of a personalised email" role="img">
      <Group justify="space-between" mb="md">
        <Group gap="sm">
          <Avatar color="indigo" radius="xl">
            J
          </Avatar>
          <Stack gap={0}>
            <Text size="sm" fw={600}>
              jane.doe@acme.com
            </Text>
            <Text size="xs" c="dimmed">
              Marketing Director · Acme Corp
            </Text>
          </Stack>
        </Group>
        <Badge color="teal" variant="light" leftSection={<IconCircleCheck size={14} />}>
          Approved
        </Badge>
      </Group>
      <Text fw={700} mb="xs">
        A quicker way to launch <Mark color="indigo.1">Acme’s spring campaign</Mark>
      </Text>
      <Divider mb="sm" />
      <Stack gap="xs">
        <Text size="sm">
          Hi <Mark color="indigo.1">Jane</Mark>,
        </Text>
        <Text size="sm" c="dark.4">
          I saw that <Mark color="indigo.1">Acme Corp</Mark> is growing its marketing team. Since you are{' '}
          <Mark color="indigo.1">interested in automation</Mark>, I thought you might like how teams like
          yours personalise outreach without losing the human touch.
        </Text>
        <Text size="sm" c="dark.4">
          Would a short call next week be useful?
        </Text>
      </Stack>
    </Card>
  );
}
