import { Group, Stack, Text } from '@mantine/core';
import type { Campaign } from '../../../contract/campaigns';
import { formatDate } from '../../format-date';

/** The card lines: Recipients, Template (Selected or None) and Created. */
export function CampaignFacts({ campaign }: { campaign: Campaign }) {
  return (
    <Stack gap={4}>
      <Fact label="Recipients" value={campaign.recipientCount.toLocaleString()} />
      <Fact label="Template" value={campaign.templateId === null ? 'None' : 'Selected'} />
      <Fact label="Created" value={formatDate(campaign.createdAt)} />
    </Stack>
  );
}

export function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} ta="right">
        {value}
      </Text>
    </Group>
  );
}
