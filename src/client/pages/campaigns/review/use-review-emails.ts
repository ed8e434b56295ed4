import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Email } from '../../../../contract/campaigns';
import {
  dailyStatsQuery,
  type EmailListing,
  emailPageQuery,
  pagePollInterval,
} from '../emails/email-queries';
import { EMAIL_PAGE_SIZE, findNextIndex, locate, pagesToPrefetch } from './email-paging';
import { useChecksRunning } from './use-checks-running';

interface ReviewListing extends EmailListing {
  /**
   * An email is being edited: the list is not read again while the checks run, since their results
   * can reorder the queue and put another email under the open editor.
   */
  editing?: boolean;
}

/**
 * The email at `index` of a campaign's review queue (or of the part a finding filter keeps), read a page
 * at a time (a campaign may hold 10,000 emails), with the neighbouring page fetched ahead near a page's
 * edge so Previous/Next do not wait.
 */
export function useReviewEmails(
  campaignId: number,
  index: number,
  { finding, editing = false }: ReviewListing,
) {
  const queryClient = useQueryClient();
  const { page, position } = locate(index);
  const pageQuery = useCallback(
    (pageIndex: number) => emailPageQuery(campaignId, pageIndex, EMAIL_PAGE_SIZE, { finding }),
    [campaignId, finding],
  );
  // Known from the page once it is read (below); the query's polling depends on it.
  const [unchecked, setUnchecked] = useState(0);
  const checksRunning = useChecksRunning(unchecked);
  const query = useQuery({
    ...pageQuery(page),
    refetchInterval: ({ state }) => pagePollInterval(state.data, { watchChecks: checksRunning && !editing }),
    // The previous page keeps the total and counts on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
  // A filter shortens the list; "All" and the approval progress still count every email, from the
  // unfiltered first page (usually cached already: the review opens on it).
  const unfiltered = useQuery({
    ...emailPageQuery(campaignId, 0, EMAIL_PAGE_SIZE),
    refetchInterval: false,
    enabled: finding !== undefined,
  });
  const data = query.data;
  const total = data?.total ?? 0;
  useEffect(() => setUnchecked(data?.counts.unchecked ?? 0), [data]);

  useEffect(() => {
    for (const next of pagesToPrefetch(index, total)) {
      void queryClient.prefetchQuery(pageQuery(next));
    }
  }, [queryClient, pageQuery, index, total]);

  // When the last email in flight has gone, today's count has moved: read it again.
  const inFlight = data?.items.some((e) => e.status === 'queued' || e.status === 'sending') ?? false;
  const wasInFlight = useRef(inFlight);
  useEffect(() => {
    if (wasInFlight.current && !inFlight)
      void queryClient.invalidateQueries({ queryKey: dailyStatsQuery(campaignId).queryKey });
    wasInFlight.current = inFlight;
  }, [queryClient, campaignId, inFlight]);

  /** The next email after `from` that `matches`, reading further pages as needed. */
  const findNext = useCallback(
    (from: number, matches: (email: Email) => boolean) =>
      findNextIndex(
        from,
        total,
        async (next) => (await queryClient.ensureQueryData(pageQuery(next))).items,
        matches,
      ),
    [queryClient, pageQuery, total],
  );

  return {
    /** Undefined while its page loads (the placeholder page holds other emails). */
    email: query.isPlaceholderData ? undefined : data?.items[position],
    /** The page `index` falls in, and the index of its first email; undefined while it loads. */
    page:
      query.isPlaceholderData || !data ? undefined : { items: data.items, offset: page * EMAIL_PAGE_SIZE },
    total,
    /** Every email of the campaign, whatever the filter; undefined until known. */
    allTotal: finding === undefined ? data?.total : unfiltered.data?.total,
    counts: data?.counts,
    loading: query.isPending || query.isPlaceholderData,
    error: query.error,
    findNext,
  };
}
