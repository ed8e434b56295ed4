import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../contract/api';
import { call, errorDetail, redirectToLoginIfLoggedOut } from '../../../api';
import { showToast } from '../../../toast';
import { refreshAfterEmailChange } from '../emails/email-queries';
import { sequenceKey } from './sequence-queries';

const followUps = (n: number) => `${n.toLocaleString()} ${n === 1 ? 'follow-up' : 'follow-ups'}`;

/**
 * Stopping one recipient's follow-ups, or the whole campaign's, with their toasts. Afterwards the
 * sequence is read again, and with it everything a stopped email changes (its review page, the
 * scheduled list, the campaign's status).
 */
export function useSequenceActions(campaignId: number) {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: sequenceKey(campaignId) }),
      refreshAfterEmailChange(queryClient),
    ]);
  const onError = (fallback: string) => (error: unknown) => {
    if (!redirectToLoginIfLoggedOut(error)) {
      showToast({ title: 'Error', message: errorDetail(error, fallback), tone: 'error' });
    }
  };

  return {
    stop: useMutation({
      mutationFn: ({ recipientId }: { recipientId: number }) =>
        call(api.campaigns.stopRecipient, { params: { id: campaignId, recipientId } }),
      onSuccess: async (row) => {
        showToast({
          title: 'Follow-ups stopped',
          message: `No more follow-ups go to ${row.email}.`,
          tone: 'success',
        });
        await refresh();
      },
      onError: onError('Failed to stop the follow-ups'),
    }),
    stopAll: useMutation({
      mutationFn: () => call(api.campaigns.stopSequence, { params: { id: campaignId } }),
      onSuccess: async ({ stopped }) => {
        showToast(
          stopped === 0
            ? { title: 'Nothing to stop', message: 'No follow-up was left to send.' }
            : {
                title: 'Sequence stopped',
                message: `${followUps(stopped)} stopped: they will not be sent.`,
                tone: 'success',
              },
        );
        await refresh();
      },
      onError: onError('Failed to stop the sequence'),
    }),
  };
}

export type SequenceActions = ReturnType<typeof useSequenceActions>;
