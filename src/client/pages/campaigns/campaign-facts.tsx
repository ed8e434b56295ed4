import { Group, Stack, Text } from '@mantine/core';
import type { Campaign } from '../../../contract/campaigns';
import { formatDate } from '../../format-date';

/** The card lines: Recipients, Template (Selected or None), the steps of a sequence, and Created. */
export function CampaignFacts({ campaign }: { campaign: Campaign }) {
  return (
    <Stack gap={4}>
      <Fact label="Recipients" value={campaign.recipientCount.toLocaleString()} />
      <Fact label="Template" value={campaign.templateId === null ? 'None' : 'Selected'} />
      {campaign.steps.length > 0 && (
        // The first email counts as a step, as the editor's timeline numbers them.
        <Fact label="Sequence" value={`${campaign.steps.length + 1} steps`} />
      )}
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
