import { keepPreviousData, type Query, type QueryClient } from '@tanstack/react-query';
import type { AnswerThread, ThreadAnswer } from '../../../contract/answer-thread';
import { api } from '../../../contract/api';
import type { InboxItem, InboxPage } from '../../../contract/inbox';
import { keyOf, queryOf, readOnEachVisit } from '../../api';
import { type InboxFilters, inboxQueryOf } from './inbox-url';

/**
 * How often the inbox and the sidebar's count look for new answers while open. The mailbox sync
 * runs every two minutes (docs/product.md §12), so a minute shows a new answer within one sync.
 */
export const INBOX_POLL_MS = 60_000;

/*
 * Answers arrive in the background, so unlike the fetch-once default (docs/product.md §11) the
 * list is read afresh on each visit (started by the section prefetch) and again every minute.
 */

export function inboxListQuery(filters: InboxFilters) {
  return {
    ...queryOf(api.inbox.list, { query: inboxQueryOf(filters) }),
    refetchOnMount: readOnEachVisit,
    // The previous page stays on screen while the next one loads, so paging does not flash.
    placeholderData: keepPreviousData,
  };
}

/** The sidebar's count of unread answers in the whole inbox. */
export const inboxUnreadQuery = {
  ...queryOf(api.inbox.unread),
  refetchInterval: INBOX_POLL_MS,
};

/** The workspace's members: the assignee filter's and control's choices. */
export const membersQuery = queryOf(api.workspaces.members);

/**
 * The whole of one answer, with its remote images or without: read once per answer and choice
 * and kept (the default staleTime), since a message does not change once it has arrived.
 */
export const answerMessageQuery = (id: number, images: boolean) =>
  queryOf(api.inbox.message, { params: { id }, query: { images: images ? 'true' : 'false' } });

/** How often the thread is read again while an answer in it is on its way (queued or sending). */
export const ANSWER_POLL_MS = 3_000;

const inFlight = (answer: Pick<ThreadAnswer, 'status'>) =>
  answer.status === 'queued' || answer.status === 'sending';

/** Whether an answer in the thread is still on its way, so the thread is read again shortly. */
export const answerInFlight = (thread: AnswerThread | undefined) =>
  thread !== undefined &&
  ((thread.answer !== null && inFlight(thread.answer)) ||
    thread.items.some((item) => item.type === 'answer' && inFlight(item.answer)));

/**
 * The conversation of one answer with the recipient, and whether the member may answer it. Read
 * afresh each time the answer is opened (replies arrive and teammates answer meanwhile), and every
 * few seconds while an answer in it is on its way, to show where its send stands.
 */
export const answerThreadQuery = (id: number) => ({
  ...queryOf(api.inbox.thread, { params: { id } }),
  refetchOnMount: readOnEachVisit,
  refetchInterval: (query: Query<AnswerThread, Error, AnswerThread, readonly unknown[]>) =>
    answerInFlight(query.state.data) ? ANSWER_POLL_MS : false,
});

/** Every inbox read: each list page, the unread count and each message share this prefix (keyOf). */
const INBOX_KEY = keyOf(api.inbox.list);

/** A message's key holds its path's `message` segment: ['api', 'inbox', '12', 'message', {…}]. */
const isMessage = (key: readonly unknown[]) => key.includes('message');

// The total tells a page from a thread, whose `items` are no answers.
const isInboxPage = (data: unknown): data is InboxPage =>
  typeof data === 'object' &&
  data !== null &&
  Array.isArray((data as Partial<InboxPage>).items) &&
  typeof (data as Partial<InboxPage>).total === 'number';

/**
 * After a change to one answer: the server's copy of it goes into every cached page at once (so the
 * row and the detail show it without waiting), then every page and the count are read again, since
 * the change may move the answer in or out of a filter. The messages are not: reading, a category
 * or an assignee changes nothing in them, and each read goes to the mailbox.
 */
export function answerChanged(queryClient: QueryClient, item: InboxItem) {
  queryClient.setQueriesData<InboxPage>(
    { queryKey: INBOX_KEY, predicate: (query) => isInboxPage(query.state.data) },
    (page) =>
      page && isInboxPage(page)
        ? { ...page, items: page.items.map((listed) => (listed.id === item.id ? item : listed)) }
        : page,
  );
  return refreshInboxLists(queryClient);
}

/** Every list page and the unread count read again; the messages, which never change, kept. */
export function refreshInboxLists(queryClient: QueryClient) {
  return queryClient.invalidateQueries({
    queryKey: INBOX_KEY,
    predicate: (query) => !isMessage(query.queryKey),
  });
}

/** Only the list pages read again (after an answer was sent, their rows mark it); threads keep their own pace. */
export function refreshInboxPages(queryClient: QueryClient) {
  return queryClient.invalidateQueries({
    queryKey: INBOX_KEY,
    predicate: (query) => isInboxPage(query.state.data),
  });
}
