import { Button, Divider, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconFileSpreadsheet, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { toSnakeCase } from '../../../../contract/variable-names';
import { activeTemplatesQuery } from '../template-queries';
import type { SampleCsv } from './sample-csv';
import { VariableList } from './variable-list';
import { addVariable, mergeVariables } from './variable-names';

interface VariablesDialogProps {
  opened: boolean;
  onClose: () => void;
  variables: string[];
  onChange: (variables: string[]) => void;
  /** The template being edited, left out of "Import from template". */
  templateId: number | null;
  sampleCsv: SampleCsv | null;
}

/** Template Variables: the placeholders a template offers and a campaign maps CSV columns to. */
export function VariablesDialog(props: VariablesDialogProps) {
  const { variables, onChange, sampleCsv } = props;
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { data: templates = [] } = useQuery({ ...activeTemplatesQuery, enabled: props.opened });
  const others = templates.filter((template) => template.id !== props.templateId);

  const add = () => {
    const result = addVariable(variables, typed);
    if (!result.ok) {
      setError(result.error);
      return;
    }
    onChange(result.variables);
    setTyped('');
    setError(null);
  };
  const normalised = toSnakeCase(typed);

  return (
    <Modal opened={props.opened} onClose={props.onClose} title="Template Variables" size="lg" centered>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Variables are the recipient details a template can use, written as {'{{ name }}'}. Campaigns map
          their CSV columns to them.
        </Text>
        <VariableList variables={variables} onChange={onChange} />
        <form
          onSubmit={(event) => {
            event.preventDefault();
            add();
          }}
        >
          <Group align="flex-start" gap="sm" wrap="nowrap">
            <TextInput
              label="New variable"
              placeholder="e.g. Company Size"
              style={{ flex: 1 }}
              value={typed}
              error={error}
              description={
                normalised && normalised !== typed.trim() ? `Will be added as ${normalised}` : undefined
              }
              onChange={(event) => {
                setTyped(event.currentTarget.value);
                setError(null);
              }}
            />
            <Button type="submit" leftSection={<IconPlus size={16} />} mt={25}>
              Add
            </Button>
          </Group>
        </form>
        <Divider label="Import" labelPosition="left" />
        <Group align="flex-end" gap="sm">
          <Select
            label="Import from template"
            placeholder={others.length ? 'Choose a template' : 'No other templates'}
            disabled={others.length === 0}
            data={others.map((template) => ({ value: String(template.id), label: template.name }))}
            value={null}
            searchable
            style={{ flex: 1, minWidth: 200 }}
            onChange={(id) => {
              const source = others.find((template) => String(template.id) === id);
              if (source) onChange(mergeVariables(variables, source.variables));
            }}
          />
          <Button
            variant="default"
            leftSection={<IconFileSpreadsheet size={16} />}
            disabled={!sampleCsv}
            title={sampleCsv ? undefined : 'Upload a sample CSV first'}
            onClick={() => sampleCsv && onChange(mergeVariables(variables, sampleCsv.columns))}
          >
            Import from CSV columns
          </Button>
        </Group>
        <Group justify="flex-end">
          <Button onClick={props.onClose}>Done</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
