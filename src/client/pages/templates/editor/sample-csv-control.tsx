import { ActionIcon, Button, FileButton, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconUpload, IconX } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { readSampleCsv, type SampleCsv } from './sample-csv';

interface SampleCsvControlProps {
  sample: SampleCsv | null;
  onChange: (sample: SampleCsv | null) => void;
}

/** Upload Sample CSV: the previews use its first data row instead of the built-in example. */
export function SampleCsvControl({ sample, onChange }: SampleCsvControlProps) {
  const [error, setError] = useState<string | null>(null);
  // Lets the same file be picked again after clearing it.
  const resetRef = useRef<() => void>(null);

  const pick = async (file: File | null) => {
    resetRef.current?.();
    if (!file) return;
    const result = await readSampleCsv(file);
    setError(result.ok ? null : result.error);
    if (result.ok) onChange(result.sample);
  };

  return (
    <Stack gap={4}>
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" fw={600}>
          Sample data
        </Text>
        <FileButton onChange={(file) => void pick(file)} accept=".csv,text/csv" resetRef={resetRef}>
          {(props) => (
            <Button {...props} size="xs" variant="default" leftSection={<IconUpload size={14} />}>
              Upload Sample CSV
            </Button>
          )}
        </FileButton>
      </Group>
      {sample ? (
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <Text size="xs" c="dimmed" style={{ wordBreak: 'break-word' }}>
            Using the first row of <strong>{sample.fileName}</strong>. Columns found:{' '}
            {sample.columns.join(', ')}
          </Text>
          <Tooltip label="Clear sample CSV">
            <ActionIcon
              size="sm"
              variant="subtle"
              color="gray"
              aria-label="Clear sample CSV"
              onClick={() => onChange(null)}
            >
              <IconX size={14} />
            </ActionIcon>
          </Tooltip>
        </Group>
      ) : (
        <Text size="xs" c="dimmed">
          Showing example values (John Doe, Marketing Director at Acme Corp). Upload a CSV to preview with the
          first row of your own data.
        </Text>
      )}
      {error && (
        <Text size="xs" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
