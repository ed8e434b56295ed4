import { Card, EmptyState } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';

/** Placeholder for a section whose screens are still being built. */
export function ComingSoon({ feature, description }: { feature: string; description: string }) {
  return (
    <Card>
      <EmptyState
        py="xl"
        variant="light"
        icon={<IconSparkles size={28} />}
        title={`${feature} arrive soon`}
        description={description}
      />
    </Card>
  );
}
