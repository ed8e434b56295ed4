import { Badge, Button, Card, Group, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../../contract/api';
import type { ApiTokenView } from '../../../contract/api-tokens';
import { call, errorDetail, keyOf, queryOf } from '../../api';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { formatDate, formatDateTime } from '../../format-date';
import { showToast } from '../../toast';
import { ApiTokenDialog } from './api-token-dialog';

/**
 * API tokens (docs/product.md §10): for owners and senders, the workspace's tokens (a sender's own,
 * an owner's every one) with when each was last used; make one, or revoke one after a confirmation.
 */
export function ApiTokensCard() {
  const queryClient = useQueryClient();
  const { data: tokens } = useQuery(queryOf(api.apiTokens.list));
  const [making, setMaking] = useState(false);
  const [revoking, setRevoking] = useState<ApiTokenView | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: keyOf(api.apiTokens.list) });
  const revoke = useMutation({
    mutationFn: (id: number) => call(api.apiTokens.revoke, { params: { id } }),
    onSuccess: refresh,
    onError: (error: Error) =>
      showToast({ title: errorDetail(error, 'Could not revoke the token'), tone: 'error' }),
  });

  return (
    <Card component="section" aria-labelledby="api-tokens-card-title">
      <Group justify="space-between" align="flex-start">
        <Title order={2} fz="lg" id="api-tokens-card-title">
          API tokens
        </Title>
        <Button size="xs" onClick={() => setMaking(true)}>
          New token
        </Button>
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        Let other programs call Tailor's API in this workspace as you, within your role.
      </Text>
      {tokens?.length === 0 && <Text size="sm">No tokens yet.</Text>}
      {!!tokens?.length && (
        <Table.ScrollContainer minWidth={560}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Scopes</Table.Th>
                <Table.Th>Created</Table.Th>
                <Table.Th>Last used</Table.Th>
                <Table.Th>Expires</Table.Th>
                <Table.Th aria-label="Actions" />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {tokens.map((token) => (
                <Table.Tr key={token.id}>
                  <Table.Td>
                    <Text size="sm">{token.name}</Text>
                    <Text size="xs" c="dimmed" ff="monospace">
                      {token.prefix}…
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {token.scopes.map((scope) => (
                        <Badge key={scope} size="sm" variant="light">
                          {scope}
                        </Badge>
                      ))}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{formatDate(token.createdAt)}</Text>
                    {token.madeBy && (
                      <Text size="xs" c="dimmed">
                        by {token.madeBy}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{token.lastUsedAt ? formatDateTime(token.lastUsedAt) : 'Never'}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{token.expiresAt ? formatDate(token.expiresAt) : 'Never'}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      aria-label={`Revoke ${token.name}`}
                      onClick={() => setRevoking(token)}
                    >
                      Revoke
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <ApiTokenDialog opened={making} onClose={() => setMaking(false)} onCreated={() => void refresh()} />
      <ConfirmDialog
        opened={revoking !== null}
        title="Revoke this token?"
        message={`Programs using ${revoking?.name ?? 'it'} (${revoking?.prefix ?? ''}…) are refused from their next call. This cannot be undone.`}
        confirmLabel="Revoke token"
        loading={revoke.isPending}
        onCancel={() => setRevoking(null)}
        onConfirm={() => {
          if (!revoking) return;
          revoke.mutate(revoking.id, { onSettled: () => setRevoking(null) });
        }}
      />
    </Card>
  );
}
