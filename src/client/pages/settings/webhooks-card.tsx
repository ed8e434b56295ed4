import { Anchor, Button, Card, Group, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../../contract/api';
import type { WebhookEndpointView } from '../../../contract/webhooks';
import { call, errorDetail, keyOf, queryOf, readOnEachVisit } from '../../api';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { showToast } from '../../toast';
import { WebhookDeliveriesDialog } from './webhook-deliveries-dialog';
import { WebhookEndpointDialog, type WebhookSecretReply } from './webhook-endpoint-dialog';
import { WebhookEndpointRow } from './webhook-endpoint-row';
import { WebhookSecretDialog } from './webhook-secret-dialog';

/**
 * Webhooks (issue #33, owners): the workspace's endpoints with what each receives, an On/Off
 * switch, why Tailor turned one off, its backlog and last attempt; add, edit, rotate the secret,
 * remove, and each one's delivery log.
 */
export function WebhooksCard() {
  const queryClient = useQueryClient();
  // Backlogs and last attempts change in the background: read afresh on each visit.
  const { data: endpoints } = useQuery({ ...queryOf(api.webhooks.list), refetchOnMount: readOnEachVisit });
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<WebhookEndpointView | null>(null);
  const [rotating, setRotating] = useState<WebhookEndpointView | null>(null);
  const [removing, setRemoving] = useState<WebhookEndpointView | null>(null);
  const [logOf, setLogOf] = useState<number | null>(null);
  const [shown, setShown] = useState<{ secret: string; rotated: boolean } | null>(null);
  // The list's key prefixes every webhook query: the banner's, and the open delivery log's.
  const refresh = () => queryClient.invalidateQueries({ queryKey: keyOf(api.webhooks.list) });
  const failed = (fallback: string) => (error: Error) =>
    showToast({ title: errorDetail(error, fallback), tone: 'error' });

  const toggle = useMutation({
    mutationFn: ({ id, enabled }: { id: number; enabled: boolean }) =>
      call(api.webhooks.update, { params: { id }, body: { enabled } }),
    onSuccess: refresh,
    onError: failed('Could not change the endpoint'),
  });
  const rotate = useMutation({
    mutationFn: (id: number) => call(api.webhooks.rotateSecret, { params: { id } }),
    onSuccess: (reply) => {
      setShown({ secret: reply.secret, rotated: true });
      void refresh();
    },
    onError: failed('Could not rotate the secret'),
  });
  const remove = useMutation({
    mutationFn: (id: number) => call(api.webhooks.remove, { params: { id } }),
    onSuccess: refresh,
    onError: failed('Could not remove the endpoint'),
  });

  return (
    <Card component="section" aria-labelledby="webhooks-card-title">
      <Group justify="space-between" align="flex-start">
        <Title order={2} fz="lg" id="webhooks-card-title">
          Webhooks
        </Title>
        <Button size="xs" onClick={() => setAdding(true)}>
          Add endpoint
        </Button>
      </Group>
      {/* A plain link, not the client's router: the server writes the reference page (docs/api.md). */}
      <Text size="sm" c="dimmed" mb="md">
        Tailor POSTs this workspace’s events (sends, opens, replies, bounces…) to your endpoints, signed per
        Standard Webhooks. The events and their bodies are in the{' '}
        <Anchor href={api.docs.reference.path} underline="always">
          API reference
        </Anchor>
        .
      </Text>
      {endpoints?.length === 0 && <Text size="sm">No endpoints yet.</Text>}
      {!!endpoints?.length && (
        <Table.ScrollContainer minWidth={600}>
          <Table verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Endpoint and events</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th aria-label="Actions" />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {endpoints.map((endpoint) => (
                <WebhookEndpointRow
                  key={endpoint.id}
                  endpoint={endpoint}
                  toggling={toggle.isPending && toggle.variables.id === endpoint.id}
                  onToggle={(enabled) => toggle.mutate({ id: endpoint.id, enabled })}
                  onDeliveries={() => setLogOf(endpoint.id)}
                  onEdit={() => setEditing(endpoint)}
                  onRotate={() => setRotating(endpoint)}
                  onRemove={() => setRemoving(endpoint)}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <WebhookEndpointDialog
        opened={adding || editing !== null}
        endpoint={editing}
        onClose={() => {
          setAdding(false);
          setEditing(null);
        }}
        onCreated={(reply: WebhookSecretReply) => {
          setShown({ secret: reply.secret, rotated: false });
          void refresh();
        }}
        onSaved={() => void refresh()}
      />
      <WebhookSecretDialog
        secret={shown?.secret ?? null}
        rotated={!!shown?.rotated}
        onClose={() => setShown(null)}
      />
      {/* The endpoint as last read, so the log follows a change of its switch. */}
      <WebhookDeliveriesDialog
        endpoint={endpoints?.find((e) => e.id === logOf) ?? null}
        onClose={() => setLogOf(null)}
      />
      <ConfirmDialog
        opened={rotating !== null}
        title="Rotate the signing secret?"
        message={`Tailor signs deliveries to ${rotating?.url ?? 'this endpoint'} with a new secret from now on. The old secret keeps signing beside it for 24 hours, so your receiver can switch over without refusing a delivery.`}
        confirmLabel="Rotate secret"
        confirmColor="orange"
        loading={rotate.isPending}
        onCancel={() => setRotating(null)}
        onConfirm={() => {
          if (!rotating) return;
          rotate.mutate(rotating.id, { onSettled: () => setRotating(null) });
        }}
      />
      <ConfirmDialog
        opened={removing !== null}
        title="Remove this endpoint?"
        message={`Tailor stops sending events to ${removing?.url ?? 'it'} and forgets its delivery log. This cannot be undone.`}
        confirmLabel="Remove endpoint"
        loading={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (!removing) return;
          remove.mutate(removing.id, { onSettled: () => setRemoving(null) });
        }}
      />
    </Card>
  );
}
