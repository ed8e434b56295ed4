import { ActionIcon, Badge, Button, Card, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconRestore, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { formatDate } from '../format-date';
import { ConfirmDialog } from './confirm-dialog';

interface ArchivedCardProps {
  name: string;
  /** What the item is, for labels: 'template' or 'campaign'. */
  noun: string;
  archivedAt: string | null;
  /** Item-specific lines (campaigns add recipients and status). */
  children?: ReactNode;
  onRestore: () => void;
  /** Resolves once the delete finished; true when it worked, so the confirmation can close. */
  onDelete: () => Promise<boolean>;
  restoring?: boolean;
  /**
   * Shown in the permanent-delete confirmation, e.g. campaigns still using a template. The dialog
   * mounts it only while open, so anything it fetches is fetched only then.
   */
  deleteWarning?: ReactNode;
}

/**
 * Archived lists (docs/product.md §2, §3): an archived template or campaign with Restore and a confirmed
 * permanent delete.
 */
export function ArchivedCard({
  name,
  noun,
  archivedAt,
  children,
  onRestore,
  onDelete,
  restoring = false,
  deleteWarning,
}: ArchivedCardProps) {
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const confirmDelete = async () => {
    setDeleting(true);
    const deleted = await onDelete();
    setDeleting(false);
    if (deleted) setConfirming(false);
  };

  return (
    <Card component="article" aria-label={name}>
      <Stack gap="sm" h="100%">
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
          <Text fw={600} lineClamp={2} style={{ wordBreak: 'break-word' }}>
            {name}
          </Text>
          <Badge color="gray" variant="light" style={{ flexShrink: 0 }}>
            Archived
          </Badge>
        </Group>
        {children}
        {archivedAt && (
          <Text size="xs" c="dimmed">
            Archived {formatDate(archivedAt)}
          </Text>
        )}
        <Group justify="space-between" mt="auto">
          <Button
            variant="light"
            size="xs"
            leftSection={<IconRestore size={14} />}
            loading={restoring}
            onClick={onRestore}
          >
            Restore
          </Button>
          <Tooltip label="Delete permanently">
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Delete ${noun} permanently`}
              onClick={() => setConfirming(true)}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title="Delete Permanently"
        message={`Are you sure you want to permanently delete this ${noun}?`}
        confirmLabel="Delete Permanently"
        loading={deleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setConfirming(false)}
      >
        {deleteWarning}
      </ConfirmDialog>
    </Card>
  );
}
