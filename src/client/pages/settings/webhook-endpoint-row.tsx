import { Badge, Button, Code, Group, Stack, Switch, Table, Text } from '@mantine/core';
import type { WebhookEndpointView } from '../../../contract/webhooks';
import { formatDateTime, formatRelativeTime } from '../../format-date';
import { attemptOutcome, backlogText } from './webhook-text';

export interface EndpointRowActions {
  onToggle: (enabled: boolean) => void;
  onDeliveries: () => void;
  onEdit: () => void;
  onRotate: () => void;
  onRemove: () => void;
}

/** One endpoint in the Webhooks card: where it sends, what, whether it is on, and how it is doing. */
export function WebhookEndpointRow({
  endpoint,
  toggling,
  ...actions
}: { endpoint: WebhookEndpointView; toggling: boolean } & EndpointRowActions) {
  const { url, lastAttempt } = endpoint;
  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
          {url}
        </Text>
        {endpoint.description && (
          <Text size="xs" c="dimmed">
            {endpoint.description}
          </Text>
        )}
        {endpoint.eventTypes.length === 0 ? (
          <Text size="xs" mt={4}>
            All events
          </Text>
        ) : (
          <Group gap={4} mt={4}>
            {endpoint.eventTypes.map((type) => (
              <Code key={type}>{type}</Code>
            ))}
          </Group>
        )}
      </Table.Td>
      <Table.Td>
        <Stack gap={4} align="flex-start">
          <Switch
            aria-label={`Send events to ${url}`}
            label={endpoint.enabled ? 'On' : 'Off'}
            checked={endpoint.enabled}
            disabled={toggling}
            onChange={(event) => actions.onToggle(event.currentTarget.checked)}
          />
          {endpoint.disabledReason && (
            // The reason is a sentence: it wraps rather than being cut off like a badge's label.
            <Badge
              color="red"
              variant="light"
              tt="none"
              h="auto"
              py={2}
              styles={{ label: { whiteSpace: 'normal' } }}
            >
              Turned off by Tailor: {endpoint.disabledReason}
            </Badge>
          )}
          {endpoint.previousSecretUntil && (
            <Text size="xs" c="dimmed">
              Old secret signs until {formatDateTime(endpoint.previousSecretUntil)}
            </Text>
          )}
          <Text size="sm">{backlogText(endpoint.pending, endpoint.failedThisWeek)}</Text>
          <Text size="xs" c="dimmed">
            {lastAttempt
              ? `Last attempt: ${attemptOutcome(lastAttempt)}, ${formatRelativeTime(lastAttempt.at)}`
              : 'No attempts yet'}
          </Text>
        </Stack>
      </Table.Td>
      <Table.Td>
        <Group gap={4} justify="flex-end">
          <Button
            size="xs"
            variant="light"
            aria-label={`Deliveries to ${url}`}
            onClick={actions.onDeliveries}
          >
            Deliveries
          </Button>
          <Button size="xs" variant="subtle" aria-label={`Edit ${url}`} onClick={actions.onEdit}>
            Edit
          </Button>
          <Button
            size="xs"
            variant="subtle"
            aria-label={`Rotate secret of ${url}`}
            onClick={actions.onRotate}
          >
            Rotate secret
          </Button>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            aria-label={`Remove ${url}`}
            onClick={actions.onRemove}
          >
            Remove
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
