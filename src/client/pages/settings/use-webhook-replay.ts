import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../../contract/api';
import { call, errorDetail, keyOf } from '../../api';
import { replayedText } from './webhook-text';

/** What the last replay came to, said at the top of the delivery log. */
export interface ReplayNotice {
  ok: boolean;
  text: string;
}

/**
 * Replaying one delivery, or every failed one in a time range, of an endpoint; then reading the
 * endpoint's figures and log again. The server refuses (409) while the endpoint is off, and its
 * words say what to do: they become the notice.
 */
export function useWebhookReplay(endpointId: number) {
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<ReplayNotice | null>(null);
  const handlers = {
    onMutate: () => setNotice(null),
    onSuccess: ({ replayed }: { replayed: number }) => {
      setNotice({ ok: true, text: replayedText(replayed) });
      // The list's key prefixes the log's pages and each delivery's detail.
      void queryClient.invalidateQueries({ queryKey: keyOf(api.webhooks.list) });
    },
    onError: (error: Error) => setNotice({ ok: false, text: errorDetail(error, 'Could not replay') }),
  };
  const one = useMutation({
    mutationFn: (deliveryId: number) => call(api.webhooks.replay, { params: { id: endpointId, deliveryId } }),
    ...handlers,
  });
  const failed = useMutation({
    mutationFn: (range: { since: string; until?: string }) =>
      call(api.webhooks.replayFailed, { params: { id: endpointId }, body: range }),
    ...handlers,
  });
  return { one, failed, notice };
}
