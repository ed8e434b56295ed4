import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'wouter';
import { type InboxFilters, inboxFiltersFromSearch, searchWithInboxFilters } from './inbox-url';

/**
 * The inbox's filters and page, kept in the address bar (see inbox-url). A change replaces the
 * history entry rather than adding one, so Back leaves the inbox instead of stepping through every
 * filter and page tried on the way.
 */
export function useInboxFilters() {
  const [search, setSearch] = useSearchParams();
  const filters = useMemo(() => inboxFiltersFromSearch(search), [search]);
  const change = useCallback(
    (next: (current: InboxFilters) => InboxFilters) =>
      setSearch((current) => searchWithInboxFilters(current, next(inboxFiltersFromSearch(current))), {
        replace: true,
      }),
    [setSearch],
  );
  return [filters, change] as const;
}
