import { ActionIcon, Button, Group, Input, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useId, useRef } from 'react';

interface FactListFieldProps {
  label: string;
  description: string;
  /** How one row is named ("Proof point"): "Proof point 2", "Remove proof point 2", "Add proof point". */
  itemLabel: string;
  items: string[];
  /** Under each row, what is wrong with it; null where nothing is. */
  problems: (string | null)[];
  /** Shown in an empty row. */
  placeholder?: string;
  /** Shown while the list has no row, e.g. what a campaign uses instead (the Settings' entries). */
  emptyText?: string;
  maxItems: number;
  maxLength: number;
  onChange: (items: string[]) => void;
}

/**
 * A list of short facts, one text field per row: Add adds a row, Enter in a row adds one below it,
 * each row has its own Remove. Keyboard use: Tab moves through the rows and their buttons, and
 * focus goes to the new row, or after a removal to the row before (else Add).
 */
export function FactListField({
  label,
  description,
  itemLabel,
  items,
  problems,
  placeholder,
  emptyText,
  maxItems,
  maxLength,
  onChange,
}: FactListFieldProps) {
  const labelId = useId();
  const hintId = useId();
  // Stable keys for the rows, so removing one keeps each other row's field (and its focus) in place.
  const keys = useRef<number[]>([]);
  const next = useRef(0);
  while (keys.current.length < items.length) keys.current.push(next.current++);
  keys.current.length = items.length;
  const fields = useRef(new Map<number, HTMLInputElement>());
  const addButton = useRef<HTMLButtonElement>(null);
  const focusRow = (index: number) =>
    requestAnimationFrame(() => {
      const key = keys.current[index];
      (key === undefined ? addButton.current : fields.current.get(key))?.focus();
    });
  const lower = itemLabel.toLowerCase();
  const full = items.length >= maxItems;

  const insertAt = (index: number) => {
    if (full) return;
    keys.current.splice(index, 0, next.current++);
    onChange([...items.slice(0, index), '', ...items.slice(index)]);
    focusRow(index);
  };
  const removeAt = (index: number) => {
    keys.current.splice(index, 1);
    onChange(items.filter((_, i) => i !== index));
    focusRow(index > 0 ? index - 1 : items.length > 1 ? 0 : -1);
  };

  return (
    <Stack gap={6} role="group" aria-labelledby={labelId}>
      <div>
        <Input.Label id={labelId}>{label}</Input.Label>
        <Input.Description>{description}</Input.Description>
      </div>
      {items.length === 0 && emptyText && (
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {emptyText}
        </Text>
      )}
      {items.map((item, index) => {
        const key = keys.current[index]!;
        return (
          <Group key={key} gap="xs" wrap="nowrap" align="flex-start">
            <TextInput
              style={{ flex: 1, minWidth: 0 }}
              aria-label={`${itemLabel} ${index + 1}`}
              placeholder={placeholder}
              value={item}
              maxLength={maxLength}
              error={problems[index] ?? undefined}
              ref={(element) => {
                if (element) fields.current.set(key, element);
                else fields.current.delete(key);
              }}
              onChange={(event) => {
                const value = event.currentTarget.value;
                onChange(items.map((old, i) => (i === index ? value : old)));
              }}
              onKeyDown={(event) => {
                if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
                event.preventDefault();
                insertAt(index + 1);
              }}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label={`Remove ${lower} ${index + 1}`}
              onClick={() => removeAt(index)}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        );
      })}
      <Group gap="sm">
        <Button
          ref={addButton}
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} />}
          disabled={full}
          aria-describedby={hintId}
          onClick={() => insertAt(items.length)}
        >
          Add {lower}
        </Button>
        <Text size="xs" c="dimmed" id={hintId}>
          {items.length} of {maxItems}
        </Text>
      </Group>
    </Stack>
  );
}
