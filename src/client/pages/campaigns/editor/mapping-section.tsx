import { Button, Select, SimpleGrid, Text } from '@mantine/core';
import { IconWand } from '@tabler/icons-react';
import { MAPPING_NONE } from '../../../../contract/campaigns';
import { EditorSection } from './editor-section';
import { useAutomap } from './use-automap';
import type { CampaignEditorState } from './use-campaign-editor-state';

/**
 * The column mapping: one choice per variable of every step's template among the CSV's columns,
 * 'None' to leave it empty. The email variable is the one required mapping (docs/product.md §3).
 */
export function MappingSection({ state }: { state: CampaignEditorState }) {
  const { variables, mappingVariables, columns, draft } = state;
  const automap = useAutomap(variables, columns, state.applyMapping);
  const options = [
    { value: MAPPING_NONE, label: 'None' },
    ...columns.map((column) => ({ value: column, label: column })),
  ];

  return (
    <EditorSection
      title="Column Mapping"
      action={
        <Button
          size="xs"
          variant="light"
          leftSection={<IconWand size={14} />}
          disabled={automap.mapping}
          onClick={automap.run}
        >
          {automap.mapping ? 'Mapping...' : 'AI Automap'}
        </Button>
      }
    >
      {!mappingVariables ? (
        <Text size="sm" c="dimmed">
          Select a template to match its variables to the columns of your CSV.
        </Text>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {columns.length === 0
              ? 'Choose a CSV file, then pick the column that fills each variable.'
              : 'Pick the column that fills each variable, or let AI Automap suggest them.'}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {mappingVariables.map(({ name: variable, followUpSteps }) => (
              <Select
                key={variable}
                label={variable === 'email' ? 'Email Address *' : variable}
                // Says why a variable the first email lacks is listed; read out with the field.
                description={followUpSteps.length > 0 ? usedByNote(followUpSteps) : undefined}
                placeholder="Select column"
                data={options}
                value={draft.columnMapping[variable] ?? null}
                onChange={(column) => state.mapColumn(variable, column ?? MAPPING_NONE)}
                disabled={columns.length === 0}
                allowDeselect={false}
                searchable
                nothingFoundMessage="No matching column"
              />
            ))}
          </SimpleGrid>
        </>
      )}
    </EditorSection>
  );
}

/** "Used by step 2", "Used by steps 2 and 4", "Used by steps 2, 3 and 5". */
export function usedByNote(steps: readonly number[]) {
  if (steps.length === 1) return `Used by step ${steps[0]}`;
  return `Used by steps ${steps.slice(0, -1).join(', ')} and ${steps.at(-1)}`;
}
