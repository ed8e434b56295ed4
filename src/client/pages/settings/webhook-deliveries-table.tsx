import { Anchor, Badge, Button, Table, Text } from '@mantine/core';
import type { z } from 'zod';
import type { WebhookDeliveryState, webhookDelivery } from '../../../contract/webhooks';
import { formatDateTime } from '../../format-date';
import { attemptOutcome } from './webhook-text';

export type WebhookDeliveryView = z.infer<typeof webhookDelivery>;

const STATES: Record<WebhookDeliveryState, { label: string; color: string }> = {
  pending: { label: 'Pending', color: 'blue' },
  delivered: { label: 'Delivered', color: 'teal' },
  failed: { label: 'Failed', color: 'red' },
};

export function DeliveryStateBadge({ state }: { state: WebhookDeliveryState }) {
  return (
    <Badge color={STATES[state].color} variant="light" radius="sm">
      {STATES[state].label}
    </Badge>
  );
}

/** What the last attempt came to; nothing yet for a delivery not tried. */
export const lastOutcome = (delivery: WebhookDeliveryView) =>
  delivery.attempts === 0 ? '—' : attemptOutcome({ status: delivery.lastStatus, error: delivery.lastError });

/**
 * An endpoint's deliveries, newest first: a row opens its detail (the event type is the button
 * for keyboards), and each can be sent again.
 */
export function WebhookDeliveriesTable({
  deliveries,
  replayingId,
  onOpen,
  onReplay,
}: {
  deliveries: WebhookDeliveryView[];
  /** The delivery whose replay is under way. */
  replayingId: number | null;
  onOpen: (id: number) => void;
  onReplay: (id: number) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Event</Table.Th>
            <Table.Th>Happened</Table.Th>
            <Table.Th>State</Table.Th>
            <Table.Th>Attempts</Table.Th>
            <Table.Th>Last answer</Table.Th>
            <Table.Th>Next attempt</Table.Th>
            <Table.Th aria-label="Actions" />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {deliveries.map((delivery) => (
            <Table.Tr key={delivery.id} onClick={() => onOpen(delivery.id)} style={{ cursor: 'pointer' }}>
              <Table.Td>
                <Anchor
                  component="button"
                  type="button"
                  size="sm"
                  ff="monospace"
                  underline="always"
                  onClick={(event) => {
                    // The row opens it too: once is enough.
                    event.stopPropagation();
                    onOpen(delivery.id);
                  }}
                >
                  {delivery.eventType}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{formatDateTime(delivery.occurredAt)}</Text>
              </Table.Td>
              <Table.Td>
                <DeliveryStateBadge state={delivery.state} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{delivery.attempts}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{lastOutcome(delivery)}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{delivery.nextAttemptAt ? formatDateTime(delivery.nextAttemptAt) : '—'}</Text>
              </Table.Td>
              <Table.Td>
                <Button
                  size="xs"
                  variant="subtle"
                  aria-label={`Replay ${delivery.eventType} of ${formatDateTime(delivery.occurredAt)}`}
                  loading={replayingId === delivery.id}
                  onClick={(event) => {
                    event.stopPropagation();
                    onReplay(delivery.id);
                  }}
                >
                  Replay
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
