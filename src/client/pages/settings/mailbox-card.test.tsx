import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../contract/api';
import type { MailboxSyncStatus } from '../../../contract/conversations';
import { createQueryClient, keyOf } from '../../api';
import { formatDateTime } from '../../format-date';
import { MailboxCard } from './mailbox-card';

const NOW = new Date('2025-08-01T12:00:00Z');
const NO_MAILBOX_HINT =
  'Replies and bounces are read from a mailbox over IMAP. Set IMAP_URL to the mailbox your emails are sent from.';
const READ_HINT =
  'Tailor can mark emails as replied or bounced when it may read your mailbox. Sign in again.';

type Mailbox = NonNullable<MailboxSyncStatus['mailbox']>;

const status = (changes: Partial<Mailbox> = {}): MailboxSyncStatus => ({
  mailbox: {
    kind: 'gmail',
    address: 'pat@example.com',
    canRead: true,
    lastSyncedAt: '2025-08-01T11:50:00Z',
    syncing: false,
    lastError: null,
    lastErrorAt: null,
    ...changes,
  },
  intervalSeconds: 120,
  hint: null,
});

/**
 * A fake server: each status read answers the next of `statuses` (the last one from then on), and
 * "Check now" answers `syncReply`. Returns the calls it answered.
 */
function stubServer(statuses: MailboxSyncStatus[], syncReply = () => Response.json({ queued: true })) {
  const calls: string[] = [];
  const queue = [...statuses];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push(`${method} ${url}`);
      if (method === 'GET' && url === '/api/mailbox/sync-status') {
        return Response.json(queue.length > 1 ? queue.shift() : queue[0]);
      }
      if (method === 'POST' && url === '/api/mailbox/sync') return syncReply();
      return new Response('Not here', { status: 404, statusText: 'Not Found' });
    }),
  );
  return calls;
}

function renderCard(client: QueryClient = createQueryClient()) {
  render(
    <MantineProvider env="test">
      <Notifications />
      <QueryClientProvider client={client}>
        <MailboxCard />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return within(screen.getByRole('region', { name: 'Replies and bounces' }));
}

/** The line that says when the mailbox was last read. */
const lastChecked = (card: ReturnType<typeof renderCard>) => card.getByText(/Last checked:/).textContent;

/** Moves the clock over one poll of the status, letting the reads it starts finish. */
const nextPoll = () => act(() => vi.advanceTimersByTimeAsync(2_000));

beforeEach(() => {
  // The clock moves on its own too, so Testing Library's waiting works; polls are stepped over explicitly.
  vi.useFakeTimers({ shouldAdvanceTime: true, now: NOW });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  // The toast store outlives a render: start each test with none.
  notifications.clean();
});

describe('MailboxCard', () => {
  it('shows the mailbox, when it was last read and how often', async () => {
    stubServer([status()]);
    const card = renderCard();
    expect(await card.findByText('Gmail')).toBeTruthy();
    expect(card.getByText('pat@example.com')).toBeTruthy();
    expect(lastChecked(card)).toBe('Last checked: 10 minutes ago');
    expect(card.getByText('Checked every 2 minutes')).toBeTruthy();
    expect(card.getByRole('button', { name: 'Check now' })).toBeTruthy();
    expect(card.queryByRole('alert')).toBeNull();
  });

  it('says a mailbox has not been read yet, or is being read now', async () => {
    stubServer([status({ kind: 'imap', address: 'replies on mail.example.com', lastSyncedAt: null })]);
    const card = renderCard();
    expect(await card.findByText('Not checked yet')).toBeTruthy();
    expect(card.getByText('IMAP')).toBeTruthy();
  });

  it('shows "Checking…" while a sync runs', async () => {
    stubServer([status({ kind: 'outlook', syncing: true })]);
    const card = renderCard();
    expect(await card.findByText('Checking…')).toBeTruthy();
    expect(card.getByText('Outlook')).toBeTruthy();
    expect(card.queryByText(/Last checked:/)).toBeNull();
  });

  it('gives the hint, and no Check now, when there is no mailbox to read', async () => {
    stubServer([{ mailbox: null, intervalSeconds: 120, hint: NO_MAILBOX_HINT }]);
    const card = renderCard();
    expect(await card.findByText(NO_MAILBOX_HINT)).toBeTruthy();
    expect(card.getByText('No mailbox to read')).toBeTruthy();
    expect(card.queryByRole('button', { name: 'Check now' })).toBeNull();
    expect(card.queryByText(/Checked every/)).toBeNull();
  });

  it('gives the hint, and no Check now, when Tailor may not read the mailbox', async () => {
    stubServer([{ ...status({ canRead: false, lastSyncedAt: null }), hint: READ_HINT }]);
    const card = renderCard();
    expect(await card.findByText(READ_HINT)).toBeTruthy();
    expect(card.getByText('pat@example.com')).toBeTruthy();
    expect(card.queryByRole('button', { name: 'Check now' })).toBeNull();
  });

  it('shows the last error in a red alert with its time', async () => {
    const at = '2025-08-01T11:58:00Z';
    stubServer([status({ lastError: 'IMAP login refused: check the password', lastErrorAt: at })]);
    const card = renderCard();
    const alert = await card.findByRole('alert');
    expect(within(alert).getByText('The last check failed')).toBeTruthy();
    expect(within(alert).getByText('IMAP login refused: check the password')).toBeTruthy();
    expect(within(alert).getByText(formatDateTime(at))).toBeTruthy();
  });

  it('checks now: queues a sync, reads the status until it has run, then says so and refreshes', async () => {
    const calls = stubServer([
      status(),
      status({ syncing: true }),
      status({ lastSyncedAt: '2025-08-01T12:00:03Z' }),
    ]);
    const client = createQueryClient();
    const overviewKey = keyOf(api.analytics.overview);
    const templatesKey = keyOf(api.templates.list);
    client.setQueryData(overviewKey, {});
    client.setQueryData(templatesKey, []);
    const card = renderCard(client);
    expect(await card.findByText(/Last checked:/)).toBeTruthy();

    fireEvent.click(card.getByRole('button', { name: 'Check now' }));
    await waitFor(() => expect(calls).toContain('POST /api/mailbox/sync'));
    expect(card.getByText('Checking…')).toBeTruthy();

    await nextPoll();
    expect(card.getByText('Checking…')).toBeTruthy();
    expect(screen.queryByText('Mailbox checked')).toBeNull();

    await nextPoll();
    expect(await screen.findByText('Mailbox checked')).toBeTruthy();
    expect(lastChecked(card)).toBe('Last checked: just now');
    expect(calls.filter((c) => c === 'GET /api/mailbox/sync-status')).toHaveLength(3);
    await waitFor(() => expect(client.getQueryState(overviewKey)?.isInvalidated).toBe(true));
    expect(client.getQueryState(templatesKey)?.isInvalidated).toBe(false);
  });

  it('says what went wrong when the sync it queued fails', async () => {
    const at = '2025-08-01T12:00:02Z';
    stubServer([status(), status({ lastError: 'Connection timed out', lastErrorAt: at })]);
    const card = renderCard();
    fireEvent.click(await card.findByRole('button', { name: 'Check now' }));
    await nextPoll();
    expect(await screen.findByText('Mailbox check failed')).toBeTruthy();
    const alert = await card.findByRole('alert');
    expect(within(alert).getByText('Connection timed out')).toBeTruthy();
    expect(within(alert).getByText(formatDateTime(at))).toBeTruthy();
  });

  it('stops reading after about a minute, saying the check goes on', async () => {
    const calls = stubServer([status(), status({ syncing: true })]);
    const card = renderCard();
    fireEvent.click(await card.findByRole('button', { name: 'Check now' }));
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(await screen.findByText('Still checking your mailbox')).toBeTruthy();
    const reads = calls.filter((c) => c === 'GET /api/mailbox/sync-status').length;
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(calls.filter((c) => c === 'GET /api/mailbox/sync-status')).toHaveLength(reads);
    expect(reads).toBe(31);
  });

  it("shows the server's sentence when the mailbox may not be read", async () => {
    const calls = stubServer([status()], () =>
      Response.json({ error: 'conflict', message: READ_HINT, requestId: 'r1' }, { status: 409 }),
    );
    const card = renderCard();
    fireEvent.click(await card.findByRole('button', { name: 'Check now' }));
    expect(await screen.findByText(READ_HINT)).toBeTruthy();
    expect(screen.getByText('Error')).toBeTruthy();
    // The status is read again, since what the card shows is out of date.
    await waitFor(() => expect(calls.filter((c) => c === 'GET /api/mailbox/sync-status')).toHaveLength(2));
  });
});
