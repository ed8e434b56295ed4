import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { dailyStatsQuery, emailPageQuery } from '../emails/email-queries';
import { EMAIL_PAGE_SIZE, locate, pagesToPrefetch } from './email-paging';

/**
 * The email at `index` of a campaign, read a page at a time (a campaign may hold 10,000 emails), with
 * the neighbouring page fetched ahead near a page's edge so Previous/Next do not wait.
 */
export function useReviewEmails(campaignId: number, index: number) {
  const queryClient = useQueryClient();
  const { page, position } = locate(index);
  const query = useQuery({
    ...emailPageQuery(campaignId, page, EMAIL_PAGE_SIZE),
    // The previous page keeps the total and counts on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
  const data = query.data;
  const total = data?.total ?? 0;

  useEffect(() => {
    for (const next of pagesToPrefetch(index, total)) {
      void queryClient.prefetchQuery(emailPageQuery(campaignId, next, EMAIL_PAGE_SIZE));
    }
  }, [queryClient, campaignId, index, total]);

  // When the last email in flight has gone, today's count has moved: read it again.
  const inFlight = data?.items.some((e) => e.status === 'queued' || e.status === 'sending') ?? false;
  const wasInFlight = useRef(inFlight);
  useEffect(() => {
    if (wasInFlight.current && !inFlight)
      void queryClient.invalidateQueries({ queryKey: dailyStatsQuery(campaignId).queryKey });
    wasInFlight.current = inFlight;
  }, [queryClient, campaignId, inFlight]);

  return {
    /** Undefined while its page loads (the placeholder page holds other emails). */
    email: query.isPlaceholderData ? undefined : data?.items[position],
    total,
    counts: data?.counts,
    loading: query.isPending || query.isPlaceholderData,
    error: query.error,
  };
}
