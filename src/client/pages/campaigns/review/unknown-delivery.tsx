import { Alert, Button, Group, Text } from '@mantine/core';
import { IconHelpCircle } from '@tabler/icons-react';

interface UnknownDeliveryProps {
  busy: boolean;
  onMarkSent: () => void;
  onResend: () => void;
}

/**
 * An email whose send was cut off before the mailbox confirmed it (DESIGN §5). It is never re-sent
 * on its own, since the recipient may already have it; the user checks the Sent folder and decides.
 */
export function UnknownDelivery({ busy, onMarkSent, onResend }: UnknownDeliveryProps) {
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
