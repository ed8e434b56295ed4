import { Button, Group, Modal, ScrollArea, Stack, Table, Text } from '@mantine/core';
import type { ImportReport } from '../../../contract/campaigns';
import { Fact } from './campaign-facts';

interface ImportSummaryDialogProps {
  /** The import to describe; null keeps the dialog closed. */
  summary: { campaignName: string; report: ImportReport } | null;
  onClose: () => void;
}

/** After a CSV import that skipped rows: how many came in, and which rows were left out and why. */
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
            <>
              <Text size="sm" fw={500}>
                {report.skipped > report.skippedRows.length
                  ? `The first ${report.skippedRows.length} skipped rows`
                  : 'Skipped rows'}
              </Text>
              <ScrollArea.Autosize mah={320}>
                <Table striped withTableBorder fz="sm" aria-label="Skipped rows">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Row</Table.Th>
                      <Table.Th>Email</Table.Th>
                      <Table.Th>Reason</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {report.skippedRows.map((row) => (
                      <Table.Tr key={row.row}>
                        <Table.Td>{row.row}</Table.Td>
                        <Table.Td style={{ wordBreak: 'break-all' }}>{row.email || '—'}</Table.Td>
                        <Table.Td>{row.reason}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollArea.Autosize>
            </>
          )}
          <Group justify="flex-end">
            <Button onClick={onClose}>Done</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
