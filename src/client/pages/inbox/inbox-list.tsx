import { Box, Group, Pagination, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import type { InboxItem } from '../../../contract/inbox';
import { InboxRow } from './inbox-row';
import { INBOX_PAGE_SIZE, pageCountOf } from './inbox-url';

interface InboxListProps {
  items: readonly InboxItem[];
  /** Of the whole filtered list, not this page. */
  total: number;
  offset: number;
  page: number;
  selectedId: number | null;
  /** The next page is loading: the rows shown are the previous page's. */
  stale: boolean;
  onOpen: (item: InboxItem, index: number) => void;
  onPage: (page: number) => void;
}

/** A page of answers, newest first, with the range shown and the pages to go to. */
export function InboxList({ items, total, offset, page, selectedId, stale, onOpen, onPage }: InboxListProps) {
  const list = useRef<HTMLUListElement>(null);
  // The row of the answer opened by a key stays in sight as J and K go down the list.
  useEffect(() => {
    if (selectedId !== null)
      list.current?.querySelector('[aria-current="true"]')?.scrollIntoView({ block: 'nearest' });
  }, [selectedId]);
  const pages = pageCountOf(total);
  return (
    <>
      <Box
        component="ul"
        ref={list}
        aria-label="Answers"
        aria-busy={stale || undefined}
        m={0}
        p={0}
        style={{ listStyle: 'none', opacity: stale ? 0.6 : 1 }}
      >
        {items.map((item, index) => (
          <li key={item.id}>
            <InboxRow item={item} selected={item.id === selectedId} onOpen={() => onOpen(item, index)} />
          </li>
        ))}
      </Box>
      {items.length === 0 && (
        <Text c="dimmed" ta="center" py="lg" size="sm">
          No answers on this page.
        </Text>
      )}
      <Group justify="space-between" wrap="wrap" gap="sm" p="md">
        {/* From the reply, so the range matches the rows shown while the next page loads. */}
        <Text size="sm" c="dimmed">
          {rangeText(offset, items.length, total)}
        </Text>
        {pages > 1 && (
          <Pagination
            total={pages}
            value={Math.min(page, pages)}
            onChange={onPage}
            size="sm"
            siblings={0}
            aria-label="Inbox pages"
          />
        )}
      </Group>
    </>
  );
}

function rangeText(offset: number, shown: number, total: number) {
  const answers = total === 1 ? 'answer' : 'answers';
  if (shown === 0) return `${total.toLocaleString()} ${answers}`;
  const first = offset + 1;
  const last = Math.min(offset + shown, offset + INBOX_PAGE_SIZE);
  return `${first.toLocaleString()}–${last.toLocaleString()} of ${total.toLocaleString()} ${answers}`;
}
