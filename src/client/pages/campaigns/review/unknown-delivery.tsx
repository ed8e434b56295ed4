import { Alert, Button, Code, Group, Text } from '@mantine/core';
import { IconHelpCircle } from '@tabler/icons-react';

interface UnknownDeliveryProps {
  /** Our Message-ID, which the Sent folder's copy carries: the surest way to find it. */
  messageId: string | null;
  busy: boolean;
  onMarkSent: () => void;
  onResend: () => void;
}

/**
 * An email whose send was cut off before the mailbox confirmed it (docs/product.md §6). It is never re-sent
 * on its own, since the recipient may already have it; the user checks the Sent folder and decides.
 */
export function UnknownDelivery({ messageId, busy, onMarkSent, onResend }: UnknownDeliveryProps) {
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconHelpCircle size={18} />}
      title="Delivery unknown — check your Sent folder"
    >
      <Text size="sm">
        Sending was interrupted before your mailbox confirmed this email. If it is in your Sent folder, mark
        it as sent; if not, send it again.
      </Text>
      {messageId && (
        <Text size="xs" c="dimmed" mt={4} style={{ wordBreak: 'break-all' }}>
          Its Message-ID is <Code>{messageId}</Code>
        </Text>
      )}
      <Group gap="sm" mt="sm">
        <Button size="xs" variant="default" onClick={onMarkSent} disabled={busy}>
          Mark as sent
        </Button>
        <Button size="xs" onClick={onResend} disabled={busy}>
          Send again
        </Button>
      </Group>
    </Alert>
  );
}
