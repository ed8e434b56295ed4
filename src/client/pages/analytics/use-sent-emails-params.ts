import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'wouter';
import type { SentEmailsParams } from './sent-emails-params';
import { searchWithSentEmailsParams, sentEmailsParamsFromSearch } from './sent-emails-url';

/**
 * The Sent Emails table's parameters, kept in the address bar (see sent-emails-url). A change
 * replaces the history entry rather than adding one, so Back leaves the Analytics page instead of
 * stepping through every page and filter of the table.
 */
export function useSentEmailsParams() {
  const [search, setSearch] = useSearchParams();
  const params = useMemo(() => sentEmailsParamsFromSearch(search), [search]);
  const change = useCallback(
    (next: (current: SentEmailsParams) => SentEmailsParams) =>
      setSearch((current) => searchWithSentEmailsParams(current, next(sentEmailsParamsFromSearch(current))), {
        replace: true,
      }),
    [setSearch],
  );
  return [params, change] as const;
}
