import { ActionIcon, Badge, Card, Group, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconArchive, IconPencil, IconTrash } from '@tabler/icons-react';
import type { Template } from '../../../contract/templates';
import classes from '../../components/clickable-card.module.css';
import { formatDate } from '../../components/format-date';
import { TemplateSummary } from './template-summary';

interface TemplateCardProps {
  template: Template;
  onEdit: () => void;
  onArchive: () => void;
  onDelete: () => void;
  busy: boolean;
}

/** An active template. Clicking anywhere on it opens the editor; the icons archive or delete. */
export function TemplateCard({ template, onEdit, onArchive, onDelete, busy }: TemplateCardProps) {
  return (
    <Card component="article" aria-label={template.name} className={classes.card}>
      <Stack gap="sm" h="100%">
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
          <UnstyledButton className={classes.open} onClick={onEdit}>
            <Text fw={600} lineClamp={2} style={{ wordBreak: 'break-word' }}>
              {template.name}
            </Text>
          </UnstyledButton>
          <TypeBadge type={template.type} />
        </Group>
        <TemplateSummary template={template} />
        <Group justify="space-between" mt="auto" wrap="nowrap">
          <Text size="xs" c="dimmed">
            Created {formatDate(template.createdAt)}
          </Text>
          <Group gap={4} className={classes.actions} wrap="nowrap">
            <Tooltip label="Edit">
              <ActionIcon variant="subtle" color="gray" aria-label="Edit template" onClick={onEdit}>
                <IconPencil size={18} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Archive">
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label="Archive template"
                onClick={onArchive}
                loading={busy}
              >
                <IconArchive size={18} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Delete">
              <ActionIcon variant="subtle" color="red" aria-label="Delete template" onClick={onDelete}>
                <IconTrash size={18} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
      </Stack>
    </Card>
  );
}

export function TypeBadge({ type }: { type: Template['type'] }) {
  return (
    <Badge variant="light" color={type === 'prompt' ? 'violet' : 'indigo'} style={{ flexShrink: 0 }}>
      {type === 'prompt' ? 'AI Prompt' : 'Template'}
    </Badge>
  );
}
