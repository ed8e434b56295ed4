import { Card, EmptyState, Group, Stack, Text } from '@mantine/core';
import { IconArchive } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { ArchivedCard } from '../../components/archived-card';
import { CardGrid } from '../../components/card-grid';
import { StatusBadge } from '../../components/status-badge';
import { Fact } from './campaign-facts';
import { archivedCampaignsQuery } from './campaign-queries';
import { useCampaignActions } from './use-campaign-actions';

/** The Archived tab: campaigns that can be restored or deleted for good. */
export function ArchivedCampaigns() {
  const { data: campaigns, error } = useQuery(archivedCampaignsQuery);
  const actions = useCampaignActions();

  if (campaigns?.length === 0) {
    return (
      <Card>
        <EmptyState
          icon={<IconArchive size={24} />}
          withIndicatorBackground
          title="No archived campaigns"
          description="Campaigns you archive appear here, ready to restore."
        />
      </Card>
    );
  }

  return (
    <CardGrid
      loading={!campaigns && !error}
      error={error}
      errorTitle="Could not load your archived campaigns"
    >
      {campaigns?.map((campaign) => (
        <ArchivedCard
          key={campaign.id}
          name={campaign.name}
          noun="campaign"
          archivedAt={campaign.archivedAt}
          restoring={actions.pendingId === campaign.id}
          onRestore={() => void actions.restore(campaign)}
          onDelete={() => actions.remove(campaign)}
        >
          {/* Archived campaigns also show their recipients and status. */}
          <Stack gap={4}>
            <Fact label="Recipients" value={campaign.recipientCount.toLocaleString()} />
            <Group justify="space-between" gap="xs">
              <Text size="sm" c="dimmed">
                Status
              </Text>
              <StatusBadge status={campaign.status} />
            </Group>
          </Stack>
        </ArchivedCard>
      ))}
    </CardGrid>
  );
}
