import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AnswerBody, AnswerThread, ThreadAnswer } from '../../../contract/answer-thread';
import { api } from '../../../contract/api';
import { ApiError, call, redirectToLoginIfLoggedOut } from '../../api';
import { answerThreadQuery, refreshInboxPages } from './inbox-queries';

/** The thread with the answer just sent in it: as the reply's answer, and in its place among the items. */
export function withAnswer(thread: AnswerThread, answer: ThreadAnswer): AnswerThread {
  const item = { type: 'answer' as const, at: answer.createdAt, answer };
  const known = thread.items.some((i) => i.type === 'answer' && i.answer.emailId === answer.emailId);
  return {
    ...thread,
    answer,
    // One answer on its way at a time: the next once this one has gone (or failed).
    canAnswer: false,
    items: known
      ? thread.items.map((i) => (i.type === 'answer' && i.answer.emailId === answer.emailId ? item : i))
      : [...thread.items, item],
  };
}

/**
 * Answering one reply: sending what the person wrote, now or at a time (POST /api/inbox/:id/answer,
 * under an Idempotency-Key, so a send the network lost is never sent twice) and asking the AI provider for
 * a suggestion (POST /api/inbox/:id/suggestion), which only ever goes into the editor.
 * Both show their failure where the person is, in the editor; a 401 signs them out as everywhere.
 */
export function useAnswer(id: number, { onSent }: { onSent: (answer: ThreadAnswer) => void }) {
  const queryClient = useQueryClient();
  const { queryKey } = answerThreadQuery(id);
  const refresh = () => queryClient.invalidateQueries({ queryKey, exact: true });

  const send = useMutation({
    mutationFn: (written: AnswerBody) => call(api.inbox.answer, { params: { id }, body: written }),
    // Here rather than in the editor: a send that ends after the person moved on still lands.
    onSuccess: (answer) => {
      queryClient.setQueryData<AnswerThread>(queryKey, (thread) => thread && withAnswer(thread, answer));
      void refresh();
      // The list marks the answer it now has.
      void refreshInboxPages(queryClient);
      onSent(answer);
    },
    onError: (error) => {
      if (redirectToLoginIfLoggedOut(error)) return;
      // Answered meanwhile, not allowed, or refused as it stands: the thread says what is so now.
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) void refresh();
    },
  });

  const cancel = useMutation({
    mutationFn: () => call(api.inbox.cancelAnswer, { params: { id } }),
    onSuccess: () => {
      void refresh();
      void refreshInboxPages(queryClient);
    },
    onError: (error) => {
      if (redirectToLoginIfLoggedOut(error)) return;
      void refresh();
    },
  });

  const suggest = useMutation({
    mutationFn: () => call(api.inbox.suggestion, { params: { id } }),
    onError: (error) => {
      redirectToLoginIfLoggedOut(error);
    },
  });

  return { send, suggest, cancel };
}

export type AnswerActions = ReturnType<typeof useAnswer>;

/** The title over a refused send, by what the server said (its own words follow). */
export function sendErrorTitle(error: Error): string {
  const status = error instanceof ApiError ? error.status : 0;
  if (status === 409) return 'This reply cannot be answered now';
  if (status === 403) return 'You cannot send this answer';
  if (status === 422) return 'The answer was not sent';
  return 'Could not send the answer';
}
