import { Group, Kbd, Modal, Table, Text } from '@mantine/core';
import { CATEGORY_OPTIONS } from '../../components/answer-categories';
import { INBOX_KEYS } from './use-inbox-keys';

interface InboxKeyboardHelpProps {
  opened: boolean;
  onClose: () => void;
  /** The number keys set categories for reviewers and above only; a viewer is not shown them. */
  canCategorise: boolean;
}

/** The inbox's keyboard shortcuts, opened with "?". */
export function InboxKeyboardHelp({ opened, onClose, canCategorise }: InboxKeyboardHelpProps) {
  const rows = [
    ...INBOX_KEYS,
    ...(canCategorise
      ? CATEGORY_OPTIONS.map(({ label }, i) => ({ keys: [String(i + 1)], does: `Category: ${label}` }))
      : []),
  ];
  return (
    <Modal opened={opened} onClose={onClose} title="Keyboard shortcuts" size="md">
      <Table verticalSpacing={6} withRowBorders={false}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Key</Table.Th>
            <Table.Th>Does</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map(({ keys, does }) => (
            <Table.Tr key={does}>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  {keys.map((key) => (
                    <Kbd key={key}>{key}</Kbd>
                  ))}
                </Group>
              </Table.Td>
              <Table.Td>{does}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="xs" c="dimmed" mt="sm">
        The keys act on the answer shown, which stays shown until you move on. They rest while you type in a
        field.
      </Text>
    </Modal>
  );
}
