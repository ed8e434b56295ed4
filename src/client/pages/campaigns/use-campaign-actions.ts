import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Campaign } from '../../../contract/campaigns';
import { apiRequest, errorDetail } from '../../api';
import { showToast } from '../../components/toast';
import { refreshCampaignLists } from './campaign-queries';

type Action = 'archive' | 'restore' | 'delete';

const SUCCESS: Record<Action, string> = {
  archive: 'Campaign archived',
  restore: 'Campaign restored',
  delete: 'Campaign deleted',
};

const FAILURE: Record<Action, string> = {
  archive: 'Failed to archive campaign',
  restore: 'Failed to restore campaign',
  delete: 'Failed to delete campaign',
};

/** Archive, restore and permanent delete, each with its toast and a refresh of the lists. */
export function useCampaignActions() {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: ({ action, campaign }: { action: Action; campaign: Campaign }) =>
      action === 'delete'
        ? apiRequest(`/api/campaigns/${campaign.id}`, { method: 'DELETE' })
        : apiRequest(`/api/campaigns/${campaign.id}/${action}`, { method: 'POST' }),
    onSuccess: async (_reply, { action }) => {
      showToast({ title: SUCCESS[action], tone: 'success' });
      await refreshCampaignLists(queryClient);
    },
    onError: (error, { action }) =>
      showToast({ title: 'Error', message: errorDetail(error, FAILURE[action]), tone: 'error' }),
  });

  // Resolves to whether it worked; failures are already reported by the toast above.
  const run = (action: Action) => (campaign: Campaign) =>
    mutation.mutateAsync({ action, campaign }).then(
      () => true,
      () => false,
    );
  return {
    archive: run('archive'),
    restore: run('restore'),
    remove: run('delete'),
    /** The campaign being changed right now, to show a loader on its card or dialog. */
    pendingId: mutation.isPending ? mutation.variables?.campaign.id : undefined,
  };
}
