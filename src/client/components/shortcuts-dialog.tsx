import { Group, Kbd, Modal, Table, Text } from '@mantine/core';

export type Shortcut = { keys: readonly string[]; does: string };

/** A page's keyboard shortcuts, opened with "?": each key (or chord) and what it does, then a note. */
export function ShortcutsDialog({
  opened,
  onClose,
  shortcuts,
  note,
}: {
  opened: boolean;
  onClose: () => void;
  shortcuts: readonly Shortcut[];
  note: string;
}) {
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
          {shortcuts.map(({ keys, does }) => (
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
        {note}
      </Text>
    </Modal>
  );
}
