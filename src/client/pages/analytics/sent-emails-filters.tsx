import { Group, SegmentedControl, Select } from '@mantine/core';
import type { CampaignAnalytics } from '../../../contract/analytics';
import type { OpenedFilter } from './sent-emails-params';

const ALL_CAMPAIGNS = 'all';

const OPENED_OPTIONS: { label: string; value: OpenedFilter }[] = [
  { label: 'All', value: 'all' },
  { label: 'Opened', value: 'opened' },
  { label: 'Not opened', value: 'unopened' },
];

interface SentEmailsFiltersProps {
  campaigns: CampaignAnalytics[];
  campaignId: number | null;
  opened: OpenedFilter;
  onCampaignChange: (campaignId: number | null) => void;
  onOpenedChange: (opened: OpenedFilter) => void;
}

/** Which sent emails the table lists: one campaign or all, and opened by a person or not. */
export function SentEmailsFilters({ campaigns, campaignId, opened, ...on }: SentEmailsFiltersProps) {
  const options = [
    { value: ALL_CAMPAIGNS, label: 'All campaigns' },
    ...campaigns.map((c) => ({ value: String(c.campaignId), label: c.name })),
  ];
  return (
    <Group gap="md" align="flex-end" wrap="wrap">
      <Select
        label="Campaign"
        data={options}
        value={campaignId === null ? ALL_CAMPAIGNS : String(campaignId)}
        onChange={(value) =>
          on.onCampaignChange(value === null || value === ALL_CAMPAIGNS ? null : Number(value))
        }
        allowDeselect={false}
        searchable={campaigns.length > 8}
        w={260}
      />
      <SegmentedControl
        aria-label="Opened"
        data={OPENED_OPTIONS}
        value={opened}
        onChange={(value) => on.onOpenedChange(value as OpenedFilter)}
      />
    </Group>
  );
}
