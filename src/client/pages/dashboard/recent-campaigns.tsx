import { Anchor, Card, EmptyState, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { Link } from 'wouter';
import type { Campaign } from '../../../contract/campaigns';
import { RECENT_CAMPAIGNS_ON_DASHBOARD } from '../../../contract/limits';
import { StatusBadge } from '../../components/status-badge';
import { formatDate } from '../../format-date';

/** The newest campaigns (the list arrives newest first). */
export function RecentCampaigns({ campaigns }: { campaigns: Campaign[] | undefined }) {
  const recent = campaigns?.slice(0, RECENT_CAMPAIGNS_ON_DASHBOARD);
  return (
    <Card component="section" aria-labelledby="recent-campaigns-title">
      <Group justify="space-between" mb="md">
        <Title order={2} fz="lg" id="recent-campaigns-title">
          Recent Campaigns
        </Title>
        <Anchor component={Link} href="/campaigns" size="sm" fw={500}>
          View All
        </Anchor>
      </Group>
      {!recent && (
        <Stack gap="sm">
          <Skeleton h={56} />
          <Skeleton h={56} />
        </Stack>
      )}
      {recent?.length === 0 && (
        <EmptyState
          size="sm"
          icon={<IconMail size={24} />}
          withIndicatorBackground
          title="No campaigns yet"
          description="Create your first campaign to see it here."
        />
      )}
      {recent && recent.length > 0 && (
        <Stack gap="sm">
          {recent.map((campaign) => (
            <Group
              key={campaign.id}
              justify="space-between"
              wrap="nowrap"
              p="sm"
              bg="var(--mantine-color-gray-0)"
              style={{ borderRadius: 'var(--mantine-radius-md)' }}
            >
              <Stack gap={2} miw={0}>
                <Text fw={600} truncate="end">
                  {campaign.name}
                </Text>
                <Text size="xs" c="dimmed">
                  Created {formatDate(campaign.createdAt)}
                </Text>
              </Stack>
              <StatusBadge status={campaign.status} />
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}
