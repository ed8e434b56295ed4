import type { QueryClient } from '@tanstack/react-query';
import { api } from '../../../../contract/api';
import type { Email } from '../../../../contract/campaigns';
import type { FindingKind } from '../../../../contract/draft-findings';
import type { ReplyOf } from '../../../../contract/route';
import { keyOf, queryOf } from '../../../api';

export type EmailPage = ReplyOf<typeof api.campaigns.emails>;
export type EmailCounts = NonNullable<EmailPage['counts']>;
export type ScheduledPage = ReplyOf<typeof api.emails.scheduled>;
export type ScheduledEmail = ScheduledPage['items'][number];

// Keys start like the campaign list's, so one prefix refreshes everything a send can change.
export const campaignEmailsKey = (campaignId: number) =>
  keyOf(api.campaigns.emails, { params: { id: campaignId } });
export const dailyStatsQuery = (campaignId: number) =>
  queryOf(api.campaigns.dailyStats, { params: { id: campaignId } });
const SCHEDULED_KEY = keyOf(api.emails.scheduled);

/** How often a page holding an email in flight (queued or sending) is read again, until none is. */
const IN_FLIGHT_POLL_MS = 3_000;
/** How often a page is read again while the draft checks still run, so their findings and counts show up. */
const CHECKS_POLL_MS = 5_000;

/** Which of a campaign's emails the review lists: all of them, or only those a finding holds back. */
export interface EmailListing {
  /** Only emails that need attention: for any finding, or for one kind. */
  finding?: FindingKind | 'any';
}

/**
 * One page of a campaign's emails, in the review queue's order (what the draft checks flagged first).
 * Sending happens in the background, so, unlike the fetch-once default (docs/product.md §11), a page is
 * read afresh whenever the review opens and, while one of its emails is on its way, every few seconds
 * until it has gone: otherwise "Sending" would never turn into "Sent".
 */
export function emailPageQuery(
  campaignId: number,
  pageIndex: number,
  pageSize: number,
  { finding }: EmailListing = {},
) {
  return {
    ...queryOf(api.campaigns.emails, {
      params: { id: campaignId },
      query: {
        limit: pageSize,
        offset: pageIndex * pageSize,
        order: 'attention',
        // Left out rather than undefined, so the unfiltered list keeps one cache key.
        ...(finding === undefined ? {} : { finding }),
      },
    }),
    refetchOnMount: 'always' as const,
    refetchInterval: ({ state }: { state: { data?: EmailPage } }) => pagePollInterval(state.data),
  };
}

/**
 * How soon a page is read again: soon while one of its emails is on its way, less soon while the
 * draft checks still read the campaign (`watchChecks`), else only when something changes it.
 */
export function pagePollInterval(page: EmailPage | undefined, { watchChecks = true } = {}): number | false {
  if (page?.items.some((e) => e.status === 'queued' || e.status === 'sending')) return IN_FLIGHT_POLL_MS;
  if (watchChecks && (page?.counts.unchecked ?? 0) > 0) return CHECKS_POLL_MS;
  return false;
}

/**
 * Scheduled emails leave the list when their time comes, so each opening reads it afresh. With
 * `campaignId`, only that campaign's.
 */
export function scheduledPageQuery(pageIndex: number, pageSize: number, campaignId: number | null = null) {
  return {
    ...queryOf(api.emails.scheduled, {
      query: {
        limit: pageSize,
        offset: pageIndex * pageSize,
        // Left out rather than undefined, so the list of every campaign keeps one cache key.
        ...(campaignId === null ? {} : { campaignId }),
      },
    }),
    refetchOnMount: 'always' as const,
  };
}

/**
 * One email's events (docs/product.md §12). Replies and bounces are read from the mailbox in the
 * background, so the list is read afresh each time the email is shown.
 */
export function emailEventsQuery(emailId: number) {
  return { ...queryOf(api.emails.events, { params: { id: emailId } }), refetchOnMount: 'always' as const };
}

/** Whether a cache key is some email's events: a mailbox check refreshes them all, whatever the email. */
export function isEmailEventsKey(key: readonly unknown[]): boolean {
  const id = Number(key[2]);
  if (!Number.isInteger(id) || id <= 0) return false;
  const events = keyOf(api.emails.events, { params: { id } });
  return key.length === events.length && events.every((segment, i) => segment === key[i]);
}

/** The latest copy of one email a change answered with, and when (see changedEmailKey). */
export type ChangedEmail = { email: Email; at: number };

/**
 * Where the latest answer of a change to one email is kept: the review holds that email on screen
 * after a filtered list dropped it (use-review-cursor), and shows it as the change left it.
 */
export const changedEmailKey = (id: number) => ['changed-email', id] as const;

/**
 * Puts a changed email into every cached page that holds it, so the screen updates before the
 * refetch. A change's reply has no sender facts (only the campaign's pages work them out): the
 * cached ones are kept until the refetch brings the email's new ones; likewise who wrote and
 * approved it, for a reply that does not say.
 */
export function patchCachedEmail(queryClient: QueryClient, reply: Email) {
  const cached = queryClient
    .getQueriesData<EmailPage>({ queryKey: campaignEmailsKey(reply.campaignId) })
    .flatMap(([, page]) => page?.items ?? [])
    .find((e) => e.id === reply.id);
  const changed: Email = {
    ...reply,
    senderFactsUsed: reply.senderFactsUsed ?? cached?.senderFactsUsed,
    authorship: reply.authorship ?? cached?.authorship,
  };
  queryClient.setQueryData<ChangedEmail>(changedEmailKey(changed.id), { email: changed, at: Date.now() });
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
    queryClient.invalidateQueries({ queryKey: keyOf(api.campaigns.list) }),
    queryClient.invalidateQueries({ queryKey: SCHEDULED_KEY }),
    queryClient.invalidateQueries({ queryKey: keyOf(api.dashboardStats) }),
    // A prefix of the history's key too: the counts and the chart of Settings.
    queryClient.invalidateQueries({ queryKey: keyOf(api.settings.dailyStats) }),
  ]);
}
