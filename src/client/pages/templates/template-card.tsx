import { Badge, Card, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import type { Template } from '../../../contract/templates';
import { CardActions } from '../../components/card-actions';
import classes from '../../components/clickable-card.module.css';
import { formatDate } from '../../format-date';
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
          <CardActions
            noun="template"
            onEdit={onEdit}
            onArchive={onArchive}
            onDelete={onDelete}
            busy={busy}
            className={classes.actions}
          />
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
