import { Button, Card, Stack, Title } from '@mantine/core';
import { IconPlus, IconTemplate } from '@tabler/icons-react';
import { Link } from 'wouter';

export function QuickActions() {
  return (
    <Card component="section" aria-labelledby="quick-actions-title">
      <Title order={2} fz="lg" mb="md" id="quick-actions-title">
        Quick Actions
      </Title>
      <Stack gap="sm">
        <Button
          component={Link}
          href="/campaigns"
          leftSection={<IconPlus size={18} />}
          justify="flex-start"
          size="md"
        >
          Start New Campaign
        </Button>
        <Button
          component={Link}
          href="/templates"
          leftSection={<IconTemplate size={18} />}
          justify="flex-start"
          variant="default"
          size="md"
        >
          Create Template
        </Button>
      </Stack>
    </Card>
  );
}
