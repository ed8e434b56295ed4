import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AnswerCategory } from '../../../contract/answers';
import { api } from '../../../contract/api';
import type { InboxItem } from '../../../contract/inbox';
import { call, errorDetail, redirectToLoginIfLoggedOut } from '../../api';
import { showToast } from '../../toast';
import { answerChanged } from './inbox-queries';

export interface CategoryChange {
  id: number;
  category: AnswerCategory | null;
  /** Not now only: the day to write again (YYYY-MM-DD), or null for none. */
  notNowUntil?: string | null;
}

/**
 * What a person does to an answer: read or unread, a category, a member to answer it. Each answers
 * the answer as it now is, which `onChanged` gets (the detail keeps showing it, even once it has
 * left the list's filter) and every cached page takes.
 */
export function useInboxActions(onChanged: (item: InboxItem) => void) {
  const queryClient = useQueryClient();
  const changed = (item: InboxItem) => {
    onChanged(item);
    void answerChanged(queryClient, item);
  };
  const failed = (what: string) => (error: Error) => {
    if (!redirectToLoginIfLoggedOut(error)) showToast({ title: errorDetail(error, what), tone: 'error' });
  };
  const setRead = useMutation({
    mutationFn: ({ id, read }: { id: number; read: boolean }) =>
      call(api.inbox.read, { params: { id }, body: { read } }),
    onSuccess: changed,
    onError: failed('Could not mark the answer'),
  });
  const setCategory = useMutation({
    mutationFn: ({ id, category, notNowUntil }: CategoryChange) =>
      call(api.inbox.category, {
        params: { id },
        // A date goes with "not now" only: the server refuses one with any other category.
        body: category === 'not-now' ? { category, notNowUntil: notNowUntil ?? null } : { category },
      }),
    onSuccess: changed,
    onError: failed('Could not change the category'),
  });
  const setAssignee = useMutation({
    mutationFn: ({ id, userId }: { id: number; userId: number | null }) =>
      call(api.inbox.assignee, { params: { id }, body: { userId } }),
    onSuccess: changed,
    onError: failed('Could not assign the answer'),
  });
  return { setRead, setCategory, setAssignee };
}

export type InboxActions = ReturnType<typeof useInboxActions>;
