import { Button, Code, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../contract/api';
import { errorDetail, queryOf } from '../../api';
import { Busy } from '../../components/busy';
import { formatDateTime } from '../../format-date';
import { DeliveryStateBadge } from './webhook-deliveries-table';
import { attemptOutcome } from './webhook-text';

/**
 * One delivery: its `webhook-id` (the same on every attempt and replay, for a receiver's
 * de-duplication), the body as sent, and every attempt with what the receiver answered.
 */
export function WebhookDeliveryDetail({
  endpointId,
  deliveryId,
  replaying,
  onBack,
  onReplay,
}: {
  endpointId: number;
  deliveryId: number;
  replaying: boolean;
  onBack: () => void;
  onReplay: () => void;
}) {
  // Attempts go on in the background: each opening reads the delivery afresh.
  const { data: delivery, error } = useQuery({
    ...queryOf(api.webhooks.delivery, { params: { id: endpointId, deliveryId } }),
    refetchOnMount: 'always',
  });

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Button variant="subtle" size="xs" leftSection={<IconArrowLeft size={14} />} onClick={onBack}>
          Back to deliveries
        </Button>
        {delivery && (
          <Button size="xs" variant="light" loading={replaying} onClick={onReplay}>
            Replay
          </Button>
        )}
      </Group>
      {error && (
        <Text size="sm" c="red" role="alert">
          {errorDetail(error, 'Could not read the delivery')}
        </Text>
      )}
      {!delivery && !error && <Busy size="sm" label="Loading the delivery" />}
      {delivery && (
        <>
          <Group gap="sm">
            <Title order={3} fz="md" ff="monospace">
              {delivery.eventType}
            </Title>
            <DeliveryStateBadge state={delivery.state} />
          </Group>
          <Stack gap={2}>
            <Text size="sm">
              webhook-id: <Code>{delivery.messageId}</Code>
            </Text>
            <Text size="sm">Happened: {formatDateTime(delivery.occurredAt)}</Text>
            {delivery.deliveredAt && <Text size="sm">Delivered: {formatDateTime(delivery.deliveredAt)}</Text>}
            {delivery.nextAttemptAt && (
              <Text size="sm">Next attempt: {formatDateTime(delivery.nextAttemptAt)}</Text>
            )}
          </Stack>
          <div>
            <Text fw={600} size="sm" mb={4}>
              Body
            </Text>
            <Code block>{JSON.stringify(delivery.payload, null, 2)}</Code>
          </div>
          <div>
            <Text fw={600} size="sm" mb={4}>
              Attempts
            </Text>
            {delivery.log.length === 0 ? (
              <Text size="sm">Not tried yet.</Text>
            ) : (
              <Table.ScrollContainer minWidth={560}>
                <Table aria-label="Attempts">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Time</Table.Th>
                      <Table.Th>Answer</Table.Th>
                      <Table.Th>Duration</Table.Th>
                      <Table.Th>Response</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {delivery.log.map((attempt) => (
                      <Table.Tr key={attempt.at}>
                        <Table.Td>
                          <Text size="sm">{formatDateTime(attempt.at)}</Text>
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm">{attemptOutcome(attempt)}</Text>
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm">{attempt.durationMs} ms</Text>
                        </Table.Td>
                        <Table.Td>
                          {attempt.responseExcerpt ? (
                            <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
                              {attempt.responseExcerpt}
                            </Code>
                          ) : (
                            <Text size="sm" c="dimmed">
                              Empty
                            </Text>
                          )}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </div>
        </>
      )}
    </Stack>
  );
}
