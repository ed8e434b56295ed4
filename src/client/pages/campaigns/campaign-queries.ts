import type { QueryClient } from '@tanstack/react-query';

export const ACTIVE_CAMPAIGNS_KEY = ['/api/campaigns'] as const;
export const ARCHIVED_CAMPAIGNS_KEY = ['/api/campaigns/archived'] as const;

/** After any campaign change: both lists, and the dashboard's counts. */
export function refreshCampaignLists(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ACTIVE_CAMPAIGNS_KEY, exact: true }),
    queryClient.invalidateQueries({ queryKey: ARCHIVED_CAMPAIGNS_KEY, exact: true }),
    queryClient.invalidateQueries({ queryKey: ['/api/dashboard/stats'] }),
  ]);
}
