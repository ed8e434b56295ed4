import { Alert, Button, CopyButton, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

/**
 * An endpoint's signing secret, shown once after it is added or its secret rotated, with a copy
 * button. Closing forgets it: the server answers it only then (it keeps it encrypted, to sign with).
 */
export function WebhookSecretDialog({
  secret,
  rotated,
  onClose,
}: {
  secret: string | null;
  /** A rotation: the old secret still signs for a while, which the dialog says. */
  rotated: boolean;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={secret !== null}
      onClose={onClose}
      title={rotated ? 'Your new signing secret' : 'Your endpoint’s signing secret'}
      centered
    >
      {secret && (
        <Stack gap="md">
          <Alert color="orange" icon={<IconAlertTriangle size={18} />} title="Copy it now">
            This secret is not shown again. If you lose it, rotate the secret to get a new one.
          </Alert>
          <Group gap="xs" wrap="nowrap">
            <TextInput aria-label="Signing secret" value={secret} readOnly flex={1} ff="monospace" />
            <CopyButton value={secret}>
              {({ copied, copy }) => (
                <Button variant="light" onClick={copy}>
                  {copied ? 'Copied' : 'Copy secret'}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Text size="xs" c="dimmed">
            Your receiver checks each delivery’s <code>webhook-signature</code> header with it (Standard
            Webhooks).
            {rotated && ' The old secret keeps signing beside it for 24 hours, so switch your receiver over.'}
          </Text>
          <Group justify="flex-end">
            <Button onClick={onClose}>Done</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
