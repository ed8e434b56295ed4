import { Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { showToast } from '../../../toast';

/** docs/product.md §3's four compliance confirmations, each a statement the sender must tick. */
const STATEMENTS = {
  notCommercial:
    'These emails are not commercial or promotional messages: they do not advertise or sell a product or service.',
  transactionalOrRequested:
    'Every recipient asked to receive this email, or it is a transactional or relationship message about something they already have with us.',
  accurateContent: 'The sender name, subject line and content are accurate and not misleading.',
  understandRegulations:
    'I understand the anti-spam laws that apply to me (such as CAN-SPAM, GDPR and CASL) and that I am responsible for complying with them.',
} as const;

type Statement = keyof typeof STATEMENTS;
const NONE_TICKED: Record<Statement, boolean> = {
  notCommercial: false,
  transactionalOrRequested: false,
  accurateContent: false,
  understandRegulations: false,
};

interface UnsubscribeConfirmDialogProps {
  opened: boolean;
  onCancel: () => void;
  /** Called once every statement is ticked and confirmed. */
  onConfirm: () => void;
}

/**
 * docs/product.md §3: switching the unsubscribe link off needs all four statements confirmed. Nothing
 * changes until then; Cancel (or closing) clears the ticks.
 */
export function UnsubscribeConfirmDialog({ opened, onCancel, onConfirm }: UnsubscribeConfirmDialogProps) {
  const [ticked, setTicked] = useState(NONE_TICKED);

  const cancel = () => {
    setTicked(NONE_TICKED);
    onCancel();
  };
  const confirm = () => {
    if (!Object.values(ticked).every(Boolean)) {
      showToast({
        title: 'Please confirm all statements',
        message: 'You must check all boxes to proceed without an unsubscribe link.',
        tone: 'error',
      });
      return;
    }
    setTicked(NONE_TICKED);
    onConfirm();
  };

  return (
    <Modal
      opened={opened}
      onClose={cancel}
      title="Confirm Before Sending Without Unsubscribe Link"
      size="lg"
      centered
    >
      <Stack gap="md">
        <Text size="sm">
          Commercial email must let recipients opt out. Send without an unsubscribe link only if every
          statement below is true for this campaign.
        </Text>
        <Stack gap="sm">
          {(Object.keys(STATEMENTS) as Statement[]).map((key) => (
            <Checkbox
              key={key}
              label={STATEMENTS[key]}
              checked={ticked[key]}
              onChange={(event) => {
                const checked = event.currentTarget.checked;
                setTicked((current) => ({ ...current, [key]: checked }));
              }}
            />
          ))}
        </Stack>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={cancel}>
            Cancel
          </Button>
          <Button color="orange" onClick={confirm}>
            Confirm &amp; Disable Unsubscribe Link
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
