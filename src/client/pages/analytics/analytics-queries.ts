import { keepPreviousData } from '@tanstack/react-query';
import { api } from '../../../contract/api';
import { queryOf, readOnEachVisit } from '../../api';
import { type SentEmailsParams, sentEmailsQueryOf } from './sent-emails-params';

/** Days the daily chart covers. */
export const DAILY_ACTIVITY_DAYS = 30;

/*
 * Opens and unsubscribes arrive in the background, long after the sends, so unlike the
 * fetch-once default (docs/product.md §11) each visit to the page reads the figures afresh (the
 * page's own figures once per visit, started by the section prefetch; a dialog's on each opening).
 */

export const overviewQuery = { ...queryOf(api.analytics.overview), refetchOnMount: readOnEachVisit };

export function dailyActivityQuery(days: number) {
  return { ...queryOf(api.analytics.daily, { query: { days } }), refetchOnMount: readOnEachVisit };
}

export function sentEmailsQuery(params: SentEmailsParams) {
  return {
    ...queryOf(api.analytics.sentEmails, { query: sentEmailsQueryOf(params) }),
    refetchOnMount: readOnEachVisit,
    // The previous page stays on screen while the next one loads, so paging does not flash.
    placeholderData: keepPreviousData,
  };
}

export function unsubscribersQuery(campaignId: number) {
  return {
    ...queryOf(api.campaigns.unsubscribers, { params: { id: campaignId } }),
    refetchOnMount: 'always' as const,
  };
}

/** Replies the Replies dialog shows a page at a time. */
export const REPLIES_PAGE_SIZE = 20;

/** One page (from 0) of a campaign's replies, newest first; replies arrive in the background. */
export function repliesQuery(campaignId: number, pageIndex: number) {
  return {
    ...queryOf(api.campaigns.replies, {
      params: { id: campaignId },
      query: { limit: REPLIES_PAGE_SIZE, offset: pageIndex * REPLIES_PAGE_SIZE },
    }),
    refetchOnMount: 'always' as const,
    placeholderData: keepPreviousData,
  };
}

/** A campaign's figures per step of its sequence; replies, bounces and unsubscribes arrive in the background. */
export function stepStatsQuery(campaignId: number) {
  return {
    ...queryOf(api.campaigns.stepStats, { params: { id: campaignId } }),
    refetchOnMount: 'always' as const,
  };
}
