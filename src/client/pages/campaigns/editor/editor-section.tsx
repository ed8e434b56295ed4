import { Card, Group, Stack, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

interface EditorSectionProps {
  title: string;
  /** Beside the title, e.g. the AI Automap button. */
  action?: ReactNode;
  children: ReactNode;
}

/** One of the campaign editor's cards, named by its title for assistive technology. */
export function EditorSection({ title, action, children }: EditorSectionProps) {
  const titleId = useId();
  return (
    <Card component="section" withBorder aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Title order={3} fz="md" id={titleId}>
            {title}
          </Title>
          {action}
        </Group>
        {children}
      </Stack>
    </Card>
  );
}
