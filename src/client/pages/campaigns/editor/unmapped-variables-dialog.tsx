import { Button, Code, Group, List, Modal, Stack, Text } from '@mantine/core';
import type { UnmappedVariable } from '../column-mapping';

interface UnmappedVariablesDialogProps {
  /** The variables still without a column; the dialog shows while it holds any or `resolved`. */
  unmapped: UnmappedVariable[];
  opened: boolean;
  saving: boolean;
  onMap: (variable: string, column: string) => void;
  onBack: () => void;
  onSave: () => void;
}

/**
 * docs/product.md §3: saving with variables no column fills asks first, offering the column each
 * most likely meant ("Map to Notes"). Saving anyway stays possible, as an explicit choice.
 */
export function UnmappedVariablesDialog({
  unmapped,
  opened,
  saving,
  onMap,
  onBack,
  onSave,
}: UnmappedVariablesDialogProps) {
  const left = unmapped.length;
  return (
    <Modal
      opened={opened}
      onClose={onBack}
      title={left > 0 ? 'Some variables have no column' : 'Every variable has a column'}
      centered
    >
      <Stack gap="md">
        {left > 0 ? (
          <>
            <Text size="sm">
              No recipient gets a value for {left === 1 ? 'this variable' : 'these variables'}: an AI prompt
              writes without it, a fixed template leaves a gap where it goes.
            </Text>
            <List spacing="xs" listStyleType="none" aria-label="Variables without a column">
              {unmapped.map(({ variable, likely }) => (
                <List.Item key={variable}>
                  <Group gap="sm" justify="space-between" wrap="wrap">
                    <Text size="sm">
                      <Code>{variable}</Code>{' '}
                      {likely ? (
                        <>
                          probably means the column <b>{likely}</b>
                        </>
                      ) : (
                        'matches no column of the file'
                      )}
                    </Text>
                    {likely && (
                      <Button size="compact-sm" variant="light" onClick={() => onMap(variable, likely)}>
                        Map to {likely}
                      </Button>
                    )}
                  </Group>
                </List.Item>
              ))}
            </List>
          </>
        ) : (
          <Text size="sm">Every variable now takes its value from a column.</Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onBack} disabled={saving}>
            Back to mapping
          </Button>
          <Button onClick={onSave} loading={saving} color={left > 0 ? 'orange' : undefined}>
            {left > 0 ? 'Save without them' : 'Save'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
