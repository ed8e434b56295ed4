import { Group, Modal, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatDateTime } from '../../format-date';
import { unsubscribersQuery } from './analytics-queries';
import { ExportUnsubscribersButton } from './export-unsubscribers-button';
import { ListLoadStates } from './list-load-states';
import { useFailureToast } from './use-failure-toast';

interface UnsubscribersDialogProps {
  /** The campaign whose unsubscribers are shown; null keeps the dialog closed. */
  campaign: { campaignId: number; name: string } | null;
  onClose: () => void;
}

/** Who unsubscribed from one campaign, and when, with a CSV export. */
export function UnsubscribersDialog({ campaign, onClose }: UnsubscribersDialogProps) {
  return (
    <Modal
      opened={campaign !== null}
      onClose={onClose}
      title={campaign ? `Unsubscribers: ${campaign.name}` : 'Unsubscribers'}
      size="lg"
      centered
    >
      {campaign && <UnsubscriberList campaignId={campaign.campaignId} />}
    </Modal>
  );
}

function UnsubscriberList({ campaignId }: { campaignId: number }) {
  const { data, error } = useQuery(unsubscribersQuery(campaignId));
  useFailureToast(error);

  return (
    <Stack gap="md">
      <ListLoadStates
        data={data}
        error={error}
        errorTitle="Could not load the unsubscribers"
        empty="No one has unsubscribed from this campaign."
      />
      {data && data.length > 0 && (
        <ScrollArea.Autosize mah="50vh">
          <Table verticalSpacing="xs" aria-label="Unsubscribers">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Email</Table.Th>
                <Table.Th>Unsubscribed</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.map((u) => (
                <Table.Tr key={u.id}>
                  <Table.Td style={{ wordBreak: 'break-all' }}>{u.email}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(u.createdAt)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      )}
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {data ? `${data.length.toLocaleString()} unsubscribed` : ''}
        </Text>
        <ExportUnsubscribersButton campaignId={campaignId} disabled={data?.length === 0} />
      </Group>
    </Stack>
  );
}
