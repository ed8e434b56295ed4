import { Group, Kbd, Modal, Table, Text } from '@mantine/core';
import { REVIEW_KEYS } from './use-review-keys';

/** The review's keys, and the editor's own: it saves with Ctrl+Enter (⌘+Enter on a Mac). */
const SHORTCUTS = [...REVIEW_KEYS, { keys: ['Ctrl', 'Enter'], does: 'Save the edit (⌘ Enter on a Mac)' }];

/** The review's keyboard shortcuts, opened with "?". */
export function KeyboardHelp({ opened, onClose }: { opened: boolean; onClose: () => void }) {
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
          {SHORTCUTS.map(({ keys, does }) => (
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
        The other keys rest while you type in a field or edit an email.
      </Text>
    </Modal>
  );
}
