import type { QueryClient } from '@tanstack/react-query';
import { api } from '../../../contract/api';
import type { MailboxSyncStatus } from '../../../contract/conversations';
import { keyOf, queryOf, readOnEachVisit } from '../../api';
import { isEmailEventsKey } from '../campaigns/emails/email-queries';
import { refreshInboxLists } from '../inbox/inbox-queries';

type Mailbox = NonNullable<MailboxSyncStatus['mailbox']>;
type SyncMarks = Pick<Mailbox, 'lastSyncedAt' | 'lastError' | 'lastErrorAt'>;

/** The mailbox sync status (docs/product.md §12); syncs run in the background, so each visit reads it afresh. */
export const mailboxStatusQuery = {
  ...queryOf(api.mailbox.syncStatus),
  refetchOnMount: readOnEachVisit,
};

export const MAILBOX_KIND_LABELS: Record<Mailbox['kind'], string> = {
  gmail: 'Gmail',
  outlook: 'Outlook',
  imap: 'IMAP',
};

/** "Checked every 2 minutes", from the interval the server gives in seconds. */
export function formatSyncInterval(seconds: number): string {
  if (seconds % 60 !== 0) return `Checked every ${seconds} seconds`;
  const minutes = seconds / 60;
  return minutes === 1 ? 'Checked every minute' : `Checked every ${minutes} minutes`;
}

export type CheckOutcome = { kind: 'checked' } | { kind: 'failed'; error: string };

/**
 * How a check ended, comparing the status before "Check now" with one read since: a new successful
 * sync, or a new error. Null while neither has happened. Should both have (a scheduled sync and ours),
 * the later one is the answer.
 */
export function checkOutcome(before: SyncMarks | null, now: SyncMarks | null): CheckOutcome | null {
  if (!now) return null;
  const synced = now.lastSyncedAt !== null && now.lastSyncedAt !== before?.lastSyncedAt;
  const failed =
    now.lastError !== null && now.lastErrorAt !== null && now.lastErrorAt !== before?.lastErrorAt;
  if (failed && now.lastError && (!synced || Date.parse(now.lastErrorAt!) > Date.parse(now.lastSyncedAt!))) {
    return { kind: 'failed', error: now.lastError };
  }
  return synced ? { kind: 'checked' } : null;
}

/**
 * After a mailbox check: every query that shows replies or bounces. The campaign prefix holds the
 * review's email pages and the Replies dialog; each email's events, the analytics, the dashboard,
 * the inbox and the sidebar's unread count follow.
 */
export function refreshConversationQueries(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: keyOf(api.campaigns.list) }),
    queryClient.invalidateQueries({ predicate: (query) => isEmailEventsKey(query.queryKey) }),
    queryClient.invalidateQueries({ queryKey: keyOf(api.analytics.overview) }),
    queryClient.invalidateQueries({ queryKey: keyOf(api.analytics.daily) }),
    queryClient.invalidateQueries({ queryKey: keyOf(api.analytics.sentEmails) }),
    queryClient.invalidateQueries({ queryKey: keyOf(api.dashboardStats) }),
    refreshInboxLists(queryClient),
  ]);
}
