import { Button, Select, SimpleGrid, Text } from '@mantine/core';
import { IconWand } from '@tabler/icons-react';
import { MAPPING_NONE } from '../../../../contract/campaigns';
import { EditorSection } from './editor-section';
import { useAutomap } from './use-automap';
import type { CampaignEditorState } from './use-campaign-editor-state';

/**
 * The column mapping: one choice per template variable among the CSV's columns, 'None' to leave
 * it empty. The email variable is the one required mapping (docs/product.md §3).
 */
export function MappingSection({ state }: { state: CampaignEditorState }) {
  const { variables, columns, draft } = state;
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
      {!variables ? (
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
            {variables.map((variable) => (
              <Select
                key={variable}
                label={variable === 'email' ? 'Email Address *' : variable}
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
