import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../api';
import { formatDateTime } from '../../format-date';
import { UnsubscribersDialog } from './unsubscribers-dialog';

const at = '2025-07-30T12:00:00.000Z';

function stubServer(list: unknown[], exportReply: () => Response = () => new Response('email\n')) {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      if (url === '/api/campaigns/7/unsubscribers') return Response.json(list);
      if (url === '/api/campaigns/7/unsubscribers/export') return exportReply();
      return new Response('Not here', { status: 404, statusText: 'Not Found' });
    }),
  );
  return urls;
}

function renderDialog() {
  return render(
    <MantineProvider env="test">
      <Notifications />
      <QueryClientProvider client={createQueryClient()}>
        <UnsubscribersDialog campaign={{ campaignId: 7, name: 'Expo follow-up' }} onClose={() => {}} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

beforeEach(() => {
  // jsdom has no object URLs; the download only needs one to hand to the link.
  URL.createObjectURL = vi.fn(() => 'blob:unsubscribers');
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => {
  vi.unstubAllGlobals();
  // The toast store outlives a render: start each test with none.
  notifications.clean();
});

describe('UnsubscribersDialog', () => {
  it('lists who unsubscribed and when, under the campaign name', async () => {
    stubServer([
      { id: 1, email: 'gone@example.com', createdAt: at },
      { id: 2, email: '<i>odd</i>@example.com', createdAt: at },
    ]);
    renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Unsubscribers: Expo follow-up' });
    const table = await within(dialog).findByRole('table', { name: 'Unsubscribers' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]?.textContent).toBe(`gone@example.com${formatDateTime(at)}`);
    expect(within(rows[2]!).getByText('<i>odd</i>@example.com')).toBeTruthy();
  });

  it('says when nobody unsubscribed, with nothing to export', async () => {
    stubServer([]);
    renderDialog();
    expect(await screen.findByText('No one has unsubscribed from this campaign.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Export CSV' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('downloads the CSV export', async () => {
    const urls = stubServer([{ id: 1, email: 'gone@example.com', createdAt: at }], () => {
      return new Response('email\ngone@example.com\n', {
        headers: { 'Content-Disposition': 'attachment; filename="expo-unsubscribers.csv"' },
      });
    });
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download);
    });
    renderDialog();
    await screen.findByText('gone@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(clicked).toEqual(['expo-unsubscribers.csv']));
    expect(urls).toContain('/api/campaigns/7/unsubscribers/export');
    click.mockRestore();
  });

  it("shows 'Export Failed' when the export is refused", async () => {
    stubServer(
      [{ id: 1, email: 'gone@example.com', createdAt: at }],
      () => new Response('boom', { status: 500, statusText: 'Internal Server Error' }),
    );
    renderDialog();
    await screen.findByText('gone@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Export Failed')).toBeTruthy();
    expect(screen.getByText('Failed to export data')).toBeTruthy();
  });

  it("shows 'Failed to fetch analytics data' when the list cannot be read", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('boom', { status: 500, statusText: 'Internal Server Error' })),
    );
    renderDialog();
    expect(await screen.findByText('Failed to fetch analytics data')).toBeTruthy();
    expect(screen.getByText('Could not load the unsubscribers')).toBeTruthy();
  });
});
