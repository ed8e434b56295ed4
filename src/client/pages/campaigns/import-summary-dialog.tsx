import { Button, Group, Modal, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import type { ImportReport } from '../../../contract/campaigns';
import { Fact } from './campaign-facts';

interface ImportSummaryDialogProps {
  /** The import to describe; null keeps the dialog closed. */
  summary: { campaignName: string; report: ImportReport } | null;
  onClose: () => void;
}

/**
 * Whether an import deserves the dialog: the toast gives the counts, but skipped rows and rows
 * imported with something ignored (an unknown time zone, say) have reasons worth reading.
 */
export const hasRowsToRead = (report: ImportReport) => report.skipped > 0 || report.warnings.length > 0;

/**
 * After a CSV import with rows worth reading: how many came in, which rows were left out and why,
 * and which came in with something ignored.
 */
export function ImportSummaryDialog({ summary, onClose }: ImportSummaryDialogProps) {
  const report = summary?.report;
  return (
    <Modal opened={summary !== null} onClose={onClose} title="Import Summary" size="lg" centered>
      {summary && report && (
        <Stack gap="md">
          <Text size="sm">
            Recipients of <strong>{summary.campaignName}</strong>
          </Text>
          <Stack gap={4}>
            <Fact label="Imported" value={report.imported.toLocaleString()} />
            <Fact label="Skipped" value={report.skipped.toLocaleString()} />
          </Stack>
          {report.skippedRows.length > 0 && (
            <ReportRows
              heading={
                report.skipped > report.skippedRows.length
                  ? `The first ${report.skippedRows.length} skipped rows`
                  : 'Skipped rows'
              }
              label="Skipped rows"
              rows={report.skippedRows}
            />
          )}
          {report.warnings.length > 0 && (
            // The report gives only the first warnings and no total, so no "first N" here.
            <ReportRows
              heading="Imported with a warning"
              label="Rows imported with a warning"
              rows={report.warnings}
            />
          )}
          <Group justify="flex-end">
            <Button onClick={onClose}>Done</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

interface ReportRowsProps {
  heading: string;
  /** The table's accessible name. */
  label: string;
  rows: ImportReport['skippedRows'];
}

/** Rows of the file with what happened to each: its row number, address and the reason. */
function ReportRows({ heading, label, rows }: ReportRowsProps) {
  return (
    <Stack gap="xs">
      {/* A heading under the dialog's title (an h2), so each list can be jumped to. */}
      <Title order={3} fz="sm" fw={500}>
        {heading}
      </Title>
      <ScrollArea.Autosize mah={320}>
        <Table striped withTableBorder fz="sm" aria-label={label}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Row</Table.Th>
              <Table.Th>Email</Table.Th>
              <Table.Th>Reason</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              // One row may carry several warnings, so the row number alone is no key.
              <Table.Tr key={`${row.row} ${row.reason}`}>
                <Table.Td>{row.row}</Table.Td>
                <Table.Td style={{ wordBreak: 'break-all' }}>{row.email || '—'}</Table.Td>
                <Table.Td>{row.reason}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
    </Stack>
  );
}
