import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { Template } from '../../../contract/templates';
import { ActiveCampaignsWarning } from './active-campaigns-warning';

interface DeleteTemplateDialogProps {
  template: Template | null;
  onClose: () => void;
  onArchive: (template: Template) => Promise<boolean>;
  onDelete: (template: Template) => Promise<boolean>;
}

/** SPEC §2: deleting an active template offers Archive (reversible), Delete Permanently or Cancel. */
export function DeleteTemplateDialog({ template, onClose, onArchive, onDelete }: DeleteTemplateDialogProps) {
  const [busy, setBusy] = useState<'archive' | 'delete' | null>(null);

  const run = async (kind: 'archive' | 'delete') => {
    if (!template) return;
    setBusy(kind);
    const done = await (kind === 'archive' ? onArchive : onDelete)(template);
    setBusy(null);
    if (done) onClose();
  };

  return (
    <Modal opened={template !== null} onClose={onClose} title="Delete Template" centered>
      {template && (
        <Stack gap="md">
          <Text size="sm">
            Do you want to archive “{template.name}” or delete it permanently? Archived templates can be
            restored later; a permanent delete cannot be undone.
          </Text>
          <ActiveCampaignsWarning templateId={template.id} />
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
      )}
    </Modal>
  );
}
