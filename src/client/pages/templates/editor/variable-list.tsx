import { ActionIcon, Badge, Code, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { EMAIL_VARIABLE, removeVariable } from './variable-names';

interface VariableListProps {
  variables: string[];
  onChange: (variables: string[]) => void;
}

/** The template's variables, each removable except `email`, which sending needs. */
export function VariableList({ variables, onChange }: VariableListProps) {
  return (
    <Stack gap={4} role="list" aria-label="Variables">
      {variables.map((variable) => {
        const required = variable === EMAIL_VARIABLE;
        return (
          <Group key={variable} justify="space-between" wrap="nowrap" role="listitem" py={2}>
            <Group gap="xs" wrap="nowrap" miw={0}>
              <Code>{`{{ ${variable} }}`}</Code>
              {required && (
                <Badge size="xs" variant="light" color="gray">
                  required
                </Badge>
              )}
            </Group>
            {required ? (
              <Tooltip label="required for sending">
                {/* A disabled button gets no hover events; the span carries the tooltip. */}
                <span>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    disabled
                    aria-label={`Remove variable ${variable}`}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </span>
              </Tooltip>
            ) : (
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Remove variable ${variable}`}
                onClick={() => onChange(removeVariable(variables, variable))}
              >
                <IconTrash size={16} />
              </ActionIcon>
            )}
          </Group>
        );
      })}
      {variables.length === 1 && (
        <Text size="xs" c="dimmed">
          Only the recipient’s email so far.
        </Text>
      )}
    </Stack>
  );
}
