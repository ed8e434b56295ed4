import { useCallback, useEffect, useState } from 'react';
import type { InboxItem } from '../../../contract/inbox';
import { INBOX_PAGE_SIZE } from './inbox-url';

/** The page of the list on screen; undefined while the first one loads. */
export interface ShownPage {
  items: readonly InboxItem[];
  offset: number;
  total: number;
  /** The page asked for has arrived (not the previous one kept on screen while it loads). */
  settled: boolean;
}

interface Selected {
  id: number;
  /** Where in the page the answer sat when last listed: a held answer's neighbours are found from it. */
  index: number;
}

/** Open the first or the last answer of the page at `offset` once it has arrived (J/K across pages). */
interface PendingEdge {
  offset: number;
  at: 'first' | 'last';
}

/**
 * The answer the inbox shows (docs/product.md §16). Keys and controls act on it, and it stays
 * shown until the person moves on, even when a change takes it out of the list (marked read in the
 * Unread list, given another category under a category filter): the last copy seen is shown then,
 * and J opens the answer that slid into its place. `turnPage` changes the page; J past the page's
 * end opens the next page's first answer, K before its start the previous page's last.
 */
export function useInboxSelection(page: ShownPage | undefined, turnPage: (delta: 1 | -1) => void) {
  const [selected, setSelected] = useState<Selected | null>(null);
  // The newest copy seen of the selected answer: from the list, or a change's answer.
  const [last, setLast] = useState<InboxItem | null>(null);
  const [edge, setEdge] = useState<PendingEdge | null>(null);
  const items = page?.items;
  const listedAt = selected && items ? items.findIndex((item) => item.id === selected.id) : -1;
  const listed = listedAt >= 0 ? items?.[listedAt] : undefined;
  const shown = listed ?? (selected && last?.id === selected.id ? last : undefined);

  // The list's copy is the newest (a change's answer goes into the list as it arrives), and its
  // place is where the answer's neighbours are once it leaves the list.
  useEffect(() => {
    if (!listed) return;
    setLast((copy) => (copy === listed ? copy : listed));
    setSelected((s) => (s && s.id === listed.id && s.index !== listedAt ? { ...s, index: listedAt } : s));
  }, [listed, listedAt]);

  useEffect(() => {
    if (!edge || !page?.settled || page.offset !== edge.offset) return;
    setEdge(null);
    const index = edge.at === 'first' ? 0 : page.items.length - 1;
    const item = page.items[index];
    if (item) {
      setSelected({ id: item.id, index });
      setLast(item);
    }
  }, [edge, page]);

  const select = useCallback((item: InboxItem, index: number) => {
    setEdge(null);
    setSelected({ id: item.id, index });
    setLast(item);
  }, []);

  /** Takes a change's answer as the newest copy, if the person is still on that answer. */
  const remember = useCallback(
    (item: InboxItem) => setLast((copy) => (copy?.id === item.id ? item : copy)),
    [],
  );

  const clear = useCallback(() => {
    setEdge(null);
    setSelected(null);
    setLast(null);
  }, []);

  /** The next (1) or previous (-1) answer; the first when none is open yet. */
  const move = (delta: 1 | -1) => {
    if (!page || page.items.length === 0) return;
    if (!selected) {
      select(page.items[0]!, 0);
      return;
    }
    // From an answer still listed, its neighbour; from one held after leaving the list, the answer
    // that slid into its place is the next one.
    const to = listedAt >= 0 ? listedAt + delta : delta > 0 ? selected.index : selected.index - 1;
    const item = page.items[to];
    if (item) {
      select(item, to);
    } else if (to < 0 && page.offset > 0) {
      setEdge({ offset: page.offset - INBOX_PAGE_SIZE, at: 'last' });
      turnPage(-1);
    } else if (to >= page.items.length && page.offset + page.items.length < page.total) {
      setEdge({ offset: page.offset + INBOX_PAGE_SIZE, at: 'first' });
      turnPage(1);
    }
  };

  return {
    shown,
    // Not while J or K cross to another page: the answer left is not "no longer listed" then.
    held: shown !== undefined && !listed && edge === null,
    selectedId: selected?.id ?? null,
    select,
    remember,
    clear,
    move,
  };
}
