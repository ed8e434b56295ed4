import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconArchive, IconPencil, IconTrash } from '@tabler/icons-react';

/** Edit, archive and delete icons of a template or campaign card, named for screen readers. */
export function CardActions({
  noun,
  onEdit,
  onArchive,
  onDelete,
  busy,
  className,
}: {
  noun: 'template' | 'campaign';
  /** Absent when the item cannot be edited (a campaign past draft). */
  onEdit?: () => void;
  onArchive: () => void;
  onDelete: () => void;
  busy: boolean;
  className?: string;
}) {
  return (
    <Group gap={4} wrap="nowrap" className={className}>
      {onEdit && (
        <Tooltip label="Edit">
          <ActionIcon variant="subtle" color="gray" aria-label={`Edit ${noun}`} onClick={onEdit}>
            <IconPencil size={18} />
          </ActionIcon>
        </Tooltip>
      )}
      <Tooltip label="Archive">
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={`Archive ${noun}`}
          onClick={onArchive}
          loading={busy}
        >
          <IconArchive size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Delete">
        <ActionIcon variant="subtle" color="red" aria-label={`Delete ${noun}`} onClick={onDelete}>
          <IconTrash size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
