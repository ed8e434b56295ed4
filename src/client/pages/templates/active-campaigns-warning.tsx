import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../contract/api';
import { call, keyOf } from '../../api';

/**
 * Warns before a template is deleted that draft campaigns still use it. If the check fails,
 * treat it as no campaigns rather than blocking the delete.
 */
export function ActiveCampaignsWarning({ templateId }: { templateId: number }) {
  const params = { id: templateId };
  const { data: campaigns = [] } = useQuery({
    queryKey: keyOf(api.templates.activeCampaigns, { params }),
    queryFn: ({ signal }) => call(api.templates.activeCampaigns, { params, signal }).catch(() => []),
    // Campaigns change elsewhere; ask afresh each time the dialog opens.
    staleTime: 0,
    gcTime: 0,
  });
  if (campaigns.length === 0) return null;

  const count = campaigns.length;
  return (
    <Alert color="orange" icon={<IconAlertTriangle size={18} />} title="This template is in use">
      {count === 1 ? '1 campaign uses' : `${count} campaigns use`} this template; they will keep their
      recipients but need a new template.{' '}
      {campaigns
        .slice(0, 3)
        .map((campaign) => campaign.name)
        .join(', ')}
      {count > 3 ? '…' : ''}
    </Alert>
  );
}
