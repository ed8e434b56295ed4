import { Alert, Card, EmptyState, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { Campaign } from '../../../contract/campaigns';
import { isUnauthorized } from '../../api';
import { ComingSoon } from '../../components/coming-soon';
import { formatDate } from '../../components/format-date';
import { StatusBadge } from '../../components/status-badge';

/** For now a read-only list; the campaign editor, generation and review arrive with their own issues. */
export function CampaignsPage() {
  const { data: campaigns, error } = useQuery<Campaign[]>({ queryKey: ['/api/campaigns'] });

  return (
    <Stack gap="lg">
      {error && !isUnauthorized(error) && (
        <Alert color="red" title="Could not load your campaigns">
          {error.message}
        </Alert>
      )}
      {!campaigns && !error && (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
          <Skeleton h={120} />
          <Skeleton h={120} />
        </SimpleGrid>
      )}
      {campaigns?.length === 0 && (
        <Card>
          <EmptyState
            icon={<IconMail size={28} />}
            withIndicatorBackground
            title="No campaigns yet"
            description="Campaigns you create will be listed here."
          />
        </Card>
      )}
      {campaigns && campaigns.length > 0 && (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
          {campaigns.map((campaign) => (
            <CampaignCard key={campaign.id} campaign={campaign} />
          ))}
        </SimpleGrid>
      )}
      <ComingSoon
        feature="Campaign tools"
        description="Creating, generating, reviewing and scheduling campaigns will be available here soon."
      />
    </Stack>
  );
}

function CampaignCard({ campaign }: { campaign: Campaign }) {
  return (
    <Card component="article" aria-label={campaign.name}>
      <Group justify="space-between" wrap="nowrap" align="flex-start" mb="sm">
        <Text fw={600} lineClamp={2}>
          {campaign.name}
        </Text>
        <StatusBadge status={campaign.status} />
      </Group>
      <Stack gap={4}>
        <Detail label="Recipients" value={campaign.recipientCount.toLocaleString()} />
        <Detail label="Template" value={campaign.templateId === null ? 'None' : 'Selected'} />
        <Detail label="Created" value={formatDate(campaign.createdAt)} />
      </Stack>
    </Card>
  );
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <Group justify="space-between" gap="xs">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500}>
        {value}
      </Text>
    </Group>
  );
}
