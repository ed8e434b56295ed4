import { Alert, Box, Card, Skeleton, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { AnswerThread } from '../../../contract/answer-thread';
import type { InboxItem } from '../../../contract/inbox';
import { roleAllows } from '../../../contract/workspaces';
import { isUnauthorized } from '../../api';
import { useCurrentWorkspace } from '../../session/use-current-workspace';
import { InboxDetail } from './inbox-detail';
import { InboxEmpty } from './inbox-empty';
import { InboxFilters } from './inbox-filters';
import { InboxKeyboardHelp } from './inbox-keyboard-help';
import { InboxLayout } from './inbox-layout';
import { InboxList } from './inbox-list';
import { answerThreadQuery, INBOX_POLL_MS, inboxListQuery } from './inbox-queries';
import { senderOf } from './inbox-row';
import { DEFAULT_INBOX_FILTERS, type InboxFilters as Filters, isFiltered, withFilter } from './inbox-url';
import { useAnswerDrafts } from './use-answer-drafts';
import { useInboxActions } from './use-inbox-actions';
import { useInboxFilters } from './use-inbox-filters';
import { useInboxSelection } from './use-inbox-selection';
import { useInboxShortcuts } from './use-inbox-shortcuts';

/**
 * The inbox (docs/product.md §16): every answer to the workspace's campaigns, newest first, filtered
 * by what the address bar says, with the answer opened beside the list (above it, full width, on a
 * phone). Opening an answer marks it read; the keyboard goes through the list, sets categories and
 * opens the editor to answer. What is being written stays with the page as the person moves on.
 */
export function InboxPage() {
  const [filters, setFilters] = useInboxFilters();
  const list = useQuery({ ...inboxListQuery(filters), refetchInterval: INBOX_POLL_MS });
  const { data } = list;
  const role = useCurrentWorkspace().current?.role;
  // Undefined while the role loads: neither the controls nor the viewer's note show meanwhile.
  const canEdit = role === undefined ? undefined : roleAllows(role, 'reviewer');
  const canSend = role === undefined ? undefined : roleAllows(role, 'sender');
  // Below this the list and the detail do not fit side by side: the detail takes the page's width.
  const narrow = useMediaQuery('(max-width: 62em)', false, { getInitialValueInEffect: false });
  const [helpOpen, setHelpOpen] = useState(false);

  const page = data && {
    items: data.items,
    offset: data.offset,
    total: data.total,
    settled: !list.isPlaceholderData,
  };
  const selection = useInboxSelection(page, (delta) =>
    setFilters((f) => ({ ...f, page: Math.max(1, f.page + delta) })),
  );
  const { shown, held } = selection;
  const actions = useInboxActions(selection.remember);
  const drafts = useAnswerDrafts();
  const queryClient = useQueryClient();
  // E opens the editor of an answer whose thread says it may be answered (the thread is read as
  // the answer opens; until it has come, E does nothing).
  const answer = (item: InboxItem) => {
    const thread = queryClient.getQueryData<AnswerThread>(answerThreadQuery(item.id).queryKey);
    if (canSend && thread?.canAnswer) drafts.open(item.id);
  };

  const detail = useRef<HTMLDivElement>(null);
  // Set when a key opened the answer: the detail then takes the focus, so a screen reader reads it.
  const focusDetail = useRef(false);
  const move = (delta: 1 | -1) => {
    focusDetail.current = true;
    selection.move(delta);
  };
  useInboxShortcuts({
    enabled: !helpOpen,
    shown,
    canEdit: canEdit === true,
    actions,
    move,
    onAnswer: answer,
    onHelp: () => setHelpOpen(true),
  });
  const shownId = shown?.id;
  useEffect(() => {
    if (shownId === undefined || !focusDetail.current) return;
    focusDetail.current = false;
    detail.current?.focus();
  }, [shownId]);

  // Another filter or page is another list: the answer open belongs to the one left.
  const change = (next: (current: Filters) => Filters) => {
    selection.clear();
    setFilters(next);
  };
  const open = (item: InboxItem, index: number) => {
    focusDetail.current = narrow === true;
    selection.select(item, index);
  };

  const failed = list.error && !isUnauthorized(list.error) ? list.error : null;
  const filtersPane = (
    <Stack gap="md">
      <InboxFilters
        filters={filters}
        items={data?.items ?? []}
        unread={data?.unread}
        onChange={(filter) => change((f) => withFilter(f, filter))}
      />
      {failed && (
        <Alert color="red" title="Could not load the inbox">
          {failed.message}
        </Alert>
      )}
    </Stack>
  );
  const listPane = (
    <Card p={0}>
      {!data && !failed && (
        <Stack gap="xs" p="md">
          {[0, 1, 2, 3, 4].map((i) => (
            <Skeleton key={i} h={64} />
          ))}
        </Stack>
      )}
      {data?.total === 0 && (
        <InboxEmpty
          filtered={isFiltered(filters)}
          onClearFilters={() => change(() => DEFAULT_INBOX_FILTERS)}
        />
      )}
      {data && data.total > 0 && (
        <InboxList
          items={data.items}
          total={data.total}
          offset={data.offset}
          page={filters.page}
          selectedId={selection.selectedId}
          stale={list.isPlaceholderData}
          onOpen={open}
          onPage={(to) => change((f) => ({ ...f, page: to }))}
        />
      )}
    </Card>
  );
  const detailPane = shown ? (
    <Box
      ref={detail}
      tabIndex={-1}
      className="mantine-focus-auto"
      role="region"
      aria-label={`Answer from ${senderOf(shown)}`}
    >
      <InboxDetail
        item={shown}
        held={held}
        canEdit={canEdit}
        canSend={canSend}
        actions={actions}
        drafts={drafts}
      />
    </Box>
  ) : null;

  return (
    <>
      <InboxLayout
        narrow={narrow}
        filters={filtersPane}
        list={listPane}
        detail={detailPane}
        placeholder={
          data && data.total > 0 ? 'Choose an answer to read it here.' : 'Answers you open show here.'
        }
        onBack={selection.clear}
      />
      <InboxKeyboardHelp
        opened={helpOpen}
        onClose={() => setHelpOpen(false)}
        canCategorise={canEdit === true}
        canAnswer={canSend === true}
      />
    </>
  );
}
