import { Button, Group, Text } from '@mantine/core';
import { IconBraces } from '@tabler/icons-react';

interface VariableChipsProps {
  variables: string[];
  onInsert: (variable: string) => void;
  /** Where a click inserts, for the hint. */
  target: string;
}

/** Click-to-insert placeholders for the template's variables. */
export function VariableChips({ variables, onInsert, target }: VariableChipsProps) {
  return (
    <div>
      <Text size="sm" fw={500}>
        Variables
      </Text>
      <Text size="xs" c="dimmed" mb={6}>
        Click to insert at the cursor in the {target}.
      </Text>
      <Group gap={6}>
        {variables.map((variable) => (
          <Button
            key={variable}
            size="compact-xs"
            variant="light"
            radius="xl"
            leftSection={<IconBraces size={12} />}
            aria-label={`Insert variable ${variable}`}
            // Keeps the caret where it is in the field being edited.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => onInsert(variable)}
          >
            {variable}
          </Button>
        ))}
      </Group>
    </div>
  );
}
