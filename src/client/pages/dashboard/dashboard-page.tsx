import { Alert, SimpleGrid, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../contract/api';
import { isUnauthorized, queryOf } from '../../api';
import { MemberTable } from '../analytics/member-table';
import { activeCampaignsQuery } from '../campaigns/campaign-queries';
import { QuickActions } from './quick-actions';
import { RecentCampaigns } from './recent-campaigns';
import { StatCards } from './stat-cards';

export function DashboardPage() {
  const stats = useQuery(queryOf(api.dashboardStats));
  const campaigns = useQuery(activeCampaignsQuery);
  // A 401 is handled once for the whole app (session expiry); other failures are shown here.
  const failed = [stats.error, campaigns.error].find((error) => error && !isUnauthorized(error));

  return (
    <Stack gap="lg">
      {failed && (
        <Alert color="red" title="Could not load your dashboard">
          {failed.message}
        </Alert>
      )}
      <StatCards stats={stats.data} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <RecentCampaigns campaigns={campaigns.data} />
        <QuickActions />
      </SimpleGrid>
      <MemberTable members={stats.data?.members} />
    </Stack>
  );
}
