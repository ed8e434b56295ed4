import { ActionIcon, Menu } from '@mantine/core';
import { IconClockEdit, IconDots, IconSend, IconTrash } from '@tabler/icons-react';
import { Busy } from '../../../components/busy';

interface ScheduledRowActionsProps {
  /** Names the email in the button's label, so each row's menu is told apart by screen readers. */
  recipient: string;
  /** An action is running for this email: its spinner shows and nothing else can start. */
  busy: boolean;
  onEdit: () => void;
  onSendNow: () => void;
  onDelete: () => void;
}

/** One compact menu per scheduled email instead of three buttons: Edit time, Send now, Delete. */
export function ScheduledRowActions({
  recipient,
  busy,
  onEdit,
  onSendNow,
  onDelete,
}: ScheduledRowActionsProps) {
  if (busy) return <Busy size="xs" label={`Working on the email to ${recipient}`} />;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Actions for the email to ${recipient}`}>
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconClockEdit size={16} aria-hidden />} onClick={onEdit}>
          Edit time
        </Menu.Item>
        <Menu.Item leftSection={<IconSend size={16} aria-hidden />} onClick={onSendNow}>
          Send now
        </Menu.Item>
        <Menu.Item color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={onDelete}>
          Delete
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
