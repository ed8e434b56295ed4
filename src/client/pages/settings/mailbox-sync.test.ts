import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { api } from '../../../contract/api';
import { keyOf } from '../../api';
import { checkOutcome, formatSyncInterval, refreshConversationQueries } from './mailbox-sync';

const marks = (
  lastSyncedAt: string | null,
  lastError: string | null = null,
  lastErrorAt: string | null = null,
) => ({
  lastSyncedAt,
  lastError,
  lastErrorAt,
});

describe('formatSyncInterval', () => {
  it('says the interval in minutes when it is whole minutes', () => {
    expect(formatSyncInterval(120)).toBe('Checked every 2 minutes');
    expect(formatSyncInterval(60)).toBe('Checked every minute');
    expect(formatSyncInterval(90)).toBe('Checked every 90 seconds');
  });
});

describe('checkOutcome', () => {
  const before = marks('2025-08-01T11:50:00Z', 'old failure', '2025-08-01T11:00:00Z');

  it('waits while nothing has changed', () => {
    expect(checkOutcome(before, before)).toBeNull();
    expect(checkOutcome(before, null)).toBeNull();
  });

  it('reports a new successful sync', () => {
    expect(checkOutcome(before, marks('2025-08-01T12:00:02Z'))).toEqual({ kind: 'checked' });
    // The first sync ever.
    expect(checkOutcome(marks(null), marks('2025-08-01T12:00:02Z'))).toEqual({ kind: 'checked' });
  });

  it('reports a new error, not the one already shown', () => {
    const failed = marks('2025-08-01T11:50:00Z', 'IMAP login refused', '2025-08-01T12:00:03Z');
    expect(checkOutcome(before, failed)).toEqual({ kind: 'failed', error: 'IMAP login refused' });
  });

  it('gives the later of a success and a failure that both happened', () => {
    const failedLast = marks('2025-08-01T12:00:01Z', 'timeout', '2025-08-01T12:00:05Z');
    expect(checkOutcome(before, failedLast)).toEqual({ kind: 'failed', error: 'timeout' });
    const syncedLast = marks('2025-08-01T12:00:09Z', 'timeout', '2025-08-01T12:00:05Z');
    expect(checkOutcome(before, syncedLast)).toEqual({ kind: 'checked' });
  });
});

describe('refreshConversationQueries', () => {
  it('marks the emails, events, analytics, dashboard and inbox stale, and leaves the rest', async () => {
    const client = new QueryClient();
    const keys = {
      emails: keyOf(api.campaigns.emails, { params: { id: 7 }, query: { limit: 50, offset: 0 } }),
      replies: keyOf(api.campaigns.replies, { params: { id: 7 }, query: { limit: 20, offset: 0 } }),
      events: keyOf(api.emails.events, { params: { id: 3 } }),
      overview: keyOf(api.analytics.overview),
      daily: keyOf(api.analytics.daily, { query: { days: 30 } }),
      sent: keyOf(api.analytics.sentEmails, { query: { page: 1 } }),
      dashboard: keyOf(api.dashboardStats),
      templates: keyOf(api.templates.list),
      scheduled: keyOf(api.emails.scheduled, { query: { limit: 50, offset: 0 } }),
      inbox: keyOf(api.inbox.list, { query: { limit: 50, offset: 0 } }),
      unread: keyOf(api.inbox.unread),
      // A message does not change once it has arrived: it is not read from the mailbox again.
      message: keyOf(api.inbox.message, { params: { id: 4 }, query: { images: 'false' } }),
    };
    for (const key of Object.values(keys)) client.setQueryData(key, {});
    await refreshConversationQueries(client);
    const stale = Object.entries(keys)
      .filter(([, key]) => client.getQueryState(key)?.isInvalidated)
      .map(([name]) => name);
    expect(stale).toEqual([
      'emails',
      'replies',
      'events',
      'overview',
      'daily',
      'sent',
      'dashboard',
      'inbox',
      'unread',
    ]);
  });
});
