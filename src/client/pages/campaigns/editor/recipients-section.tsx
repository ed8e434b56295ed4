import { FileInput, Progress, Stack, Text } from '@mantine/core';
import { IconFileTypeCsv } from '@tabler/icons-react';
import { EditorSection } from './editor-section';
import type { CampaignEditorState } from './use-campaign-editor-state';

interface RecipientsSectionProps {
  state: CampaignEditorState;
  /** Focus the file picker on opening (the card's Upload CSV button). */
  autoFocus: boolean;
  /** Fraction of the file sent while it uploads, else null. */
  uploadProgress: number | null;
}

/** The 'Recipients Data' card: the CSV picker, the columns found in its header, upload progress. */
export function RecipientsSection({ state, autoFocus, uploadProgress }: RecipientsSectionProps) {
  const { file, columns, csvError, savedRecipientCount } = state;
  const description =
    savedRecipientCount > 0
      ? `This campaign has ${savedRecipientCount.toLocaleString()} recipients. Choose a file to replace them.`
      : 'One row per recipient; the first line names the columns.';

  return (
    <EditorSection title="Recipients Data">
      <FileInput
        label="CSV File"
        description={description}
        placeholder="Choose a .csv file"
        accept=".csv"
        clearable
        clearButtonProps={{ 'aria-label': 'Clear CSV file' }}
        leftSection={<IconFileTypeCsv size={18} />}
        data-autofocus={autoFocus || undefined}
        value={file}
        onChange={(picked) => void state.chooseFile(picked)}
        error={csvError}
      />
      {columns.length > 0 && (
        <Text size="xs" c="dimmed" style={{ wordBreak: 'break-word' }}>
          Columns {file ? 'found' : 'imported'}: {columns.join(', ')}
        </Text>
      )}
      {uploadProgress !== null && (
        <Stack gap={4}>
          <Text size="xs" fw={500}>
            Uploading recipients… {Math.round(uploadProgress * 100)}%
          </Text>
          <Progress.Root size="sm">
            <Progress.Section value={uploadProgress * 100} animated aria-label="Uploading recipients" />
          </Progress.Root>
        </Stack>
      )}
    </EditorSection>
  );
}
