import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { api } from '../../../contract/api';
import type { MailboxSyncStatus } from '../../../contract/conversations';
import { call, errorDetail, queryOf, redirectToLoginIfLoggedOut } from '../../api';
import { showToast } from '../../toast';
import {
  type CheckOutcome,
  checkOutcome,
  mailboxStatusQuery,
  refreshConversationQueries,
} from './mailbox-sync';

/** How often the status is read while a check runs, and for how long at most (about a minute). */
export const CHECK_POLL_MS = 2_000;
export const CHECK_POLLS = 30;

type Result = CheckOutcome | { kind: 'still-running' } | { kind: 'left' };

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * "Check now" (docs/product.md §12): queues a sync, which runs in the background, then reads the
 * status every two seconds until the sync has ended well or failed, says how it went and refreshes
 * what shows replies and bounces. Leaving the page stops the reading.
 */
export function useCheckMailbox() {
  const queryClient = useQueryClient();
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  return useMutation({
    mutationFn: async (): Promise<Result> => {
      const before =
        queryClient.getQueryData<MailboxSyncStatus>(mailboxStatusQuery.queryKey)?.mailbox ?? null;
      await call(api.mailbox.syncNow);
      for (let poll = 0; poll < CHECK_POLLS; poll++) {
        await wait(CHECK_POLL_MS);
        if (!mounted.current) return { kind: 'left' };
        // Through the cache, so the card shows "Checking…" while the sync runs.
        const status = await queryClient.fetchQuery({ ...queryOf(api.mailbox.syncStatus), staleTime: 0 });
        const outcome = checkOutcome(before, status.mailbox);
        if (outcome) return outcome;
      }
      return { kind: 'still-running' };
    },
    onSuccess: async (result) => {
      if (result.kind === 'left') return;
      if (result.kind === 'checked') showToast({ title: 'Mailbox checked', tone: 'success' });
      else if (result.kind === 'failed')
        showToast({ title: 'Mailbox check failed', message: result.error, tone: 'error' });
      else
        showToast({
          title: 'Still checking your mailbox',
          message: 'This takes longer than usual. New replies and bounces will show once it is done.',
        });
      // Even a failed sync may have read some messages before it stopped.
      await refreshConversationQueries(queryClient);
    },
    onError: (error) => {
      if (redirectToLoginIfLoggedOut(error)) return;
      // A 409 or 503 carries the server's sentence on what to change; the card's hint may be out of date.
      showToast({
        title: 'Error',
        message: errorDetail(error, 'Could not check your mailbox'),
        tone: 'error',
      });
      void queryClient.invalidateQueries({ queryKey: mailboxStatusQuery.queryKey });
    },
  });
}
