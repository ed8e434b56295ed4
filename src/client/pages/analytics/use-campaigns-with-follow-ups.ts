import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { activeCampaignsQuery, archivedCampaignsQuery } from '../campaigns/campaign-queries';

/**
 * The ids of the campaigns that have follow-ups, which alone have figures by step worth a look.
 * The overview does not say which those are and lists archived campaigns too, so both campaign
 * lists are read (sharing the Campaigns page's cache). A list that cannot be read only hides the
 * by-step button of its campaigns; the page's own figures still show, so no toast or alert.
 */
export function useCampaignsWithFollowUps(): ReadonlySet<number> {
  const active = useQuery(activeCampaignsQuery);
  const archived = useQuery(archivedCampaignsQuery);
  return useMemo(
    () =>
      new Set(
        [...(active.data ?? []), ...(archived.data ?? [])]
          .filter((campaign) => campaign.steps.length > 0)
          .map((campaign) => campaign.id),
      ),
    [active.data, archived.data],
  );
}
