import { Group, Stack, Text } from '@mantine/core';
import type { CampaignListItem } from '../../../contract/campaigns';
import { formatDate } from '../../format-date';

/** The card lines: Recipients, Template (its name, or None), the steps of a sequence, and Created. */
export function CampaignFacts({ campaign }: { campaign: CampaignListItem }) {
  return (
    <Stack gap={4}>
      <Fact label="Recipients" value={campaign.recipientCount.toLocaleString()} />
      <Fact label="Template" value={templateOf(campaign)} />
      {campaign.steps.length > 0 && (
        // The first email counts as a step, as the editor's timeline numbers them.
        <Fact label="Sequence" value={`${campaign.steps.length + 1} steps`} />
      )}
      <Fact label="Created" value={formatDate(campaign.createdAt)} />
    </Stack>
  );
}

/** The template's own name: the lists carry it (a campaign read elsewhere has only the id). */
function templateOf(campaign: CampaignListItem) {
  if (campaign.templateId === null) return 'None';
  return campaign.templateName ?? 'Chosen';
}

export function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
        {label}
      </Text>
      {/* A long template name wraps rather than running out of the card. */}
      <Text size="sm" fw={500} ta="right" miw={0} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </Group>
  );
}
