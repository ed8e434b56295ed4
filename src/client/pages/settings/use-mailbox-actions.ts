import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../contract/api';
import { call, errorDetail } from '../../api';
import { showToast } from '../../toast';
import { refreshMailboxQueries } from './mailboxes';

/**
 * The list's own actions on one mailbox: make it the default, resume it after Tailor paused it, and
 * remove it. Each reads the mailboxes again; a refusal (an email still waiting to leave from it)
 * comes back in the server's words.
 */
export function useMailboxActions() {
  const queryClient = useQueryClient();
  const refresh = () => refreshMailboxQueries(queryClient);
  const failed = (fallback: string) => (error: Error) =>
    showToast({ title: 'Error', message: errorDetail(error, fallback), tone: 'error' });

  const makeDefault = useMutation({
    mutationFn: (id: number) => call(api.mailboxes.update, { params: { id }, body: { isDefault: true } }),
    onSuccess: (saved) => {
      showToast({ title: `${saved.address} is now your default mailbox`, tone: 'success' });
      return refresh();
    },
    onError: failed('Could not change the default mailbox'),
  });
  const resume = useMutation({
    mutationFn: (id: number) => call(api.mailboxes.resume, { params: { id } }),
    onSuccess: (saved) => {
      showToast({ title: `${saved.address} sends again`, tone: 'success' });
      return refresh();
    },
    onError: failed('Could not resume the mailbox'),
  });
  const remove = useMutation({
    mutationFn: (id: number) => call(api.mailboxes.remove, { params: { id } }),
    onSuccess: () => {
      showToast({ title: 'Mailbox removed', tone: 'success' });
      return refresh();
    },
    onError: failed('Could not remove the mailbox'),
  });
  return { makeDefault, resume, remove };
}

export type MailboxActions = ReturnType<typeof useMailboxActions>;
