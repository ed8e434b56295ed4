import { Button, Group, Modal, Stack, Text } from '@mantine/core';

interface UnsavedChangesDialogProps {
  opened: boolean;
  /** What the editor edits, as the question names it: 'template', 'campaign'. */
  noun: string;
  saving: boolean;
  onCancel: () => void;
  onDiscard: () => void;
  onSave: () => void;
}

/** docs/product.md §2 and §3: closing an editor with unsaved changes asks first. */
export function UnsavedChangesDialog({
  opened,
  noun,
  saving,
  onCancel,
  onDiscard,
  onSave,
}: UnsavedChangesDialogProps) {
  return (
    <Modal opened={opened} onClose={onCancel} title="Unsaved Changes" centered>
      <Stack gap="md">
        <Text size="sm">
          You have unsaved changes to this {noun}. Do you want to save them before leaving?
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={saving}>
            Cancel
          </Button>
          <Button variant="light" color="red" onClick={onDiscard} disabled={saving}>
            Exit Without Saving
          </Button>
          <Button onClick={onSave} loading={saving}>
            Save &amp; Exit
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
