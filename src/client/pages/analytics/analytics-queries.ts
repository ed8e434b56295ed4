import { keepPreviousData } from '@tanstack/react-query';
import type { z } from 'zod';
import type { DailyActivity, SentEmailsPage } from '../../../contract/analytics';
import type { unsubscriber } from '../../../contract/emails';
import { apiRequest } from '../../api';
import { type SentEmailsParams, sentEmailsUrl } from './sent-emails-params';

export type Unsubscriber = z.infer<typeof unsubscriber>;

/** Days the daily chart covers. */
export const DAILY_ACTIVITY_DAYS = 30;

/*
 * Opens and unsubscribes arrive in the background, long after the sends, so unlike the
 * fetch-once default (docs/product.md §11) each visit to the page reads the figures afresh.
 */

export const overviewQuery = {
  queryKey: ['/api/analytics/overview'] as const,
  refetchOnMount: 'always' as const,
};

export function dailyActivityQuery(days: number) {
  return {
    queryKey: ['/api/analytics/daily', days] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      apiRequest<DailyActivity>(`/api/analytics/daily?days=${days}`, { signal }),
    refetchOnMount: 'always' as const,
  };
}

export function sentEmailsQuery(params: SentEmailsParams) {
  const url = sentEmailsUrl(params);
  return {
    queryKey: ['/api/analytics/sent-emails', url] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) => apiRequest<SentEmailsPage>(url, { signal }),
    refetchOnMount: 'always' as const,
    // The previous page stays on screen while the next one loads, so paging does not flash.
    placeholderData: keepPreviousData,
  };
}

export function unsubscribersQuery(campaignId: number) {
  return {
    queryKey: ['/api/campaigns', campaignId, 'unsubscribers'] as const,
    refetchOnMount: 'always' as const,
  };
}
