import { Group, Stack, Text } from '@mantine/core';
import type { CampaignResults as Results } from '../../../contract/campaigns';

/**
 * A campaign's results on its card, once it has sent: sent, opened (people, with the rate) and
 * unsubscribed, from the same rollup as the Analytics page, so the two agree.
 */
export function CampaignResults({ results }: { results: Results | undefined }) {
  if (!results || results.sent === 0) return null;
  const openRate = Math.round((results.opened / results.sent) * 100);
  return (
    <Group
      role="group"
      aria-label="Results"
      grow
      gap="xs"
      p="xs"
      bg="var(--mantine-color-gray-0)"
      style={{ borderRadius: 'var(--mantine-radius-md)' }}
    >
      <Figure label="Sent" value={results.sent.toLocaleString()} />
      <Figure label="Opened" value={`${results.opened.toLocaleString()} (${openRate}%)`} />
      <Figure label="Unsubscribed" value={results.unsubscribed.toLocaleString()} />
    </Group>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0} miw={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} aria-label={`${label}: ${value}`}>
        {value}
      </Text>
    </Stack>
  );
}
