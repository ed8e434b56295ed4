import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';

interface DeleteChoiceDialogProps {
  opened: boolean;
  /** What is being deleted, capitalised for the title: 'Template' or 'Campaign'. */
  noun: string;
  name: string;
  onClose: () => void;
  /** Each resolves to whether it worked, so the dialog closes only then. */
  onArchive: () => Promise<boolean>;
  onDelete: () => Promise<boolean>;
  /** Extra context under the question, e.g. what else the delete affects. */
  children?: ReactNode;
}

/** docs/product.md §2: deleting an active item offers Archive (reversible), Delete Permanently or Cancel. */
export function DeleteChoiceDialog({
  opened,
  noun,
  name,
  onClose,
  onArchive,
  onDelete,
  children,
}: DeleteChoiceDialogProps) {
  const [busy, setBusy] = useState<'archive' | 'delete' | null>(null);

  const run = async (kind: 'archive' | 'delete') => {
    setBusy(kind);
    const done = await (kind === 'archive' ? onArchive : onDelete)();
    setBusy(null);
    if (done) onClose();
  };

  return (
    <Modal opened={opened} onClose={onClose} title={`Delete ${noun}`} centered>
      <Stack gap="md">
        <Text size="sm">
          Do you want to archive “{name}” or delete it permanently? Archived {noun.toLowerCase()}s can be
          restored later; a permanent delete cannot be undone.
        </Text>
        {children}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy !== null}>
            Cancel
          </Button>
          <Button
            variant="light"
            onClick={() => void run('archive')}
            loading={busy === 'archive'}
            disabled={busy === 'delete'}
          >
            Archive
          </Button>
          <Button
            color="red"
            onClick={() => void run('delete')}
            loading={busy === 'delete'}
            disabled={busy === 'archive'}
          >
            Delete Permanently
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
