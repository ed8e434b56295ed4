import type { QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Email, email } from '../../../../contract/campaigns';
import type { page } from '../../../../contract/common';
import type { scheduledEmail } from '../../../../contract/emails';
import { apiRequest } from '../../../api';

/**
 * Counts over the whole campaign, which one page cannot give: approved emails (the progress bar) and
 * approved ones not yet sent (what Send Now (n) and Schedule (n) would take). Optional: when the server
 * leaves them out, they are counted from the page if it holds the whole campaign.
 */
export interface EmailCounts {
  approved: number;
  sendable: number;
}

export type EmailPage = z.infer<ReturnType<typeof page<typeof email>>> & { counts?: EmailCounts };
export type ScheduledEmail = z.infer<typeof scheduledEmail>;
export type ScheduledPage = { items: ScheduledEmail[]; total: number; limit: number; offset: number };

// Keys start like the campaign list's, so one prefix refreshes everything a send can change.
export const campaignEmailsKey = (campaignId: number) => ['/api/campaigns', campaignId, 'emails'] as const;
export const dailyStatsKey = (campaignId: number) => ['/api/campaigns', campaignId, 'daily-stats'] as const;
export const SCHEDULED_KEY = ['/api/scheduled-emails'] as const;

/** How often a page holding an email in flight (queued or sending) is read again, until none is. */
const IN_FLIGHT_POLL_MS = 3_000;

/**
 * One page of a campaign's emails. Sending happens in the background, so, unlike the
 * fetch-once default (docs/product.md §11), a page is read afresh whenever the review opens and, while one
 * of its emails is on its way, every few seconds until it has gone: otherwise "Sending" would never turn
 * into "Sent".
 */
export function emailPageQuery(campaignId: number, pageIndex: number, pageSize: number) {
  return {
    queryKey: [...campaignEmailsKey(campaignId), pageIndex] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      apiRequest<EmailPage>(
        `/api/campaigns/${campaignId}/emails?limit=${pageSize}&offset=${pageIndex * pageSize}`,
        { signal },
      ),
    refetchOnMount: 'always' as const,
    refetchInterval: ({ state }: { state: { data?: EmailPage } }) =>
      state.data?.items.some((e) => e.status === 'queued' || e.status === 'sending')
        ? IN_FLIGHT_POLL_MS
        : false,
  };
}

/** Scheduled emails leave the list when their time comes, so each opening reads it afresh. */
export function scheduledPageQuery(pageIndex: number, pageSize: number) {
  return {
    queryKey: [...SCHEDULED_KEY, pageIndex] as const,
    refetchOnMount: 'always' as const,
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      apiRequest<ScheduledPage>(`/api/scheduled-emails?limit=${pageSize}&offset=${pageIndex * pageSize}`, {
        signal,
      }),
  };
}

/** Puts a changed email into every cached page that holds it, so the screen updates before the refetch. */
export function patchCachedEmail(queryClient: QueryClient, changed: Email) {
  queryClient.setQueriesData<EmailPage>(
    { queryKey: campaignEmailsKey(changed.campaignId) },
    (old) => old && { ...old, items: old.items.map((e) => (e.id === changed.id ? changed : e)) },
  );
}

/**
 * After any email change: the campaign's pages and daily stats, the campaign list (its status may
 * move to scheduled or sending), the scheduled list and the dashboard's and settings' counts.
 */
export function refreshAfterEmailChange(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['/api/campaigns'] }),
    queryClient.invalidateQueries({ queryKey: SCHEDULED_KEY }),
    queryClient.invalidateQueries({ queryKey: ['/api/dashboard/stats'] }),
    queryClient.invalidateQueries({ queryKey: ['/api/daily-email-stats'] }),
  ]);
}
