import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { IconWebhookOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { api } from '../../contract/api';
import { queryOf } from '../api';
import { useCurrentWorkspace } from '../session/use-current-workspace';

/**
 * Tells a workspace's owners that Tailor turned a webhook endpoint off (it answered 410 Gone):
 * its events wait until someone turns it back on in Settings. Only owners may list endpoints, so
 * nobody else asks.
 */
export function WebhookOffBanner() {
  const { current } = useCurrentWorkspace();
  const isOwner = current?.role === 'owner';
  const { data: endpoints } = useQuery({ ...queryOf(api.webhooks.list), enabled: isOwner });
  const off = isOwner ? (endpoints ?? []).filter((endpoint) => endpoint.disabledReason) : [];
  if (off.length === 0) return null;
  return (
    <Alert color="red" icon={<IconWebhookOff size={18} />} title="Webhook deliveries stopped" mb="lg">
      <Stack gap={4}>
        {off.map((endpoint) => (
          <Text size="sm" key={endpoint.id} style={{ overflowWrap: 'anywhere' }}>
            A webhook endpoint was turned off: {endpoint.url} — {endpoint.disabledReason?.replace(/\.$/, '')}.
          </Text>
        ))}
        <Anchor component={Link} href="/settings" size="sm" underline="always">
          Open Settings
        </Anchor>
      </Stack>
    </Alert>
  );
}
