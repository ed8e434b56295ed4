import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconMailBolt } from '@tabler/icons-react';

/** The product's logo mark and name. */
export function Brand() {
  return (
    <Group gap="xs" wrap="nowrap">
      <ThemeIcon size="lg" radius="md" variant="gradient" gradient={{ from: 'indigo', to: 'violet' }}>
        <IconMailBolt size={20} />
      </ThemeIcon>
      <Text fw={800} fz="xl">
        Tailor
      </Text>
    </Group>
  );
}
