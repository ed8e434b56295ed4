import type { QueryClient } from '@tanstack/react-query';
import { api } from '../../../contract/api';
import { keyOf, queryOf } from '../../api';

export const activeCampaignsQuery = queryOf(api.campaigns.list);
export const archivedCampaignsQuery = queryOf(api.campaigns.archived);

/** After any campaign change: both lists, and the dashboard's counts. */
export function refreshCampaignLists(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: activeCampaignsQuery.queryKey, exact: true }),
    queryClient.invalidateQueries({ queryKey: archivedCampaignsQuery.queryKey, exact: true }),
    queryClient.invalidateQueries({ queryKey: keyOf(api.dashboardStats) }),
  ]);
}
