import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from './api';
import { AnalyticsPage } from './pages/analytics/analytics-page';
import { overview, sentEmail } from './pages/analytics/test-fixtures';
import { prefetchSection } from './section-prefetch';

const days = [
  { day: '2025-07-30', sent: 80, opened: 35, openedIncludingMachine: 40, replied: 3, bounced: 2 },
];

/** A fake server answering the Analytics and Templates reads; returns the URLs asked for, in order. */
function stubServer() {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      if (url === '/api/analytics/overview') return Response.json(overview);
      if (url === '/api/analytics/daily?days=30') return Response.json({ days });
      if (url.startsWith('/api/analytics/sent-emails?'))
        return Response.json({ items: [sentEmail(1)], total: 1, page: 1, pageSize: 25 });
      if (url === '/api/templates') return Response.json([]);
      return new Response('Not here', { status: 404, statusText: 'Not Found' });
    }),
  );
  return urls;
}

const count = (urls: string[], prefix: string) => urls.filter((url) => url.startsWith(prefix)).length;

function renderAnalytics(queryClient: ReturnType<typeof createQueryClient>) {
  return render(
    <MantineProvider env="test">
      <QueryClientProvider client={queryClient}>
        <AnalyticsPage />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('prefetchSection', () => {
  it("starts the Analytics page's reads, the Sent Emails table's from the address's filters", async () => {
    const urls = stubServer();
    prefetchSection(createQueryClient(), '/analytics', new URLSearchParams('opened=opened&page=2'));
    await waitFor(() => expect(urls).toHaveLength(3));
    expect(urls).toEqual(
      expect.arrayContaining([
        '/api/analytics/overview',
        '/api/analytics/daily?days=30',
        '/api/analytics/sent-emails?page=2&pageSize=25&sort=sentAt&order=desc&opened=opened',
      ]),
    );
  });

  it('the page mounting right after takes the prefetched reads as its own', async () => {
    const urls = stubServer();
    const queryClient = createQueryClient();
    prefetchSection(queryClient, '/analytics', new URLSearchParams());
    await waitFor(() => expect(urls).toHaveLength(3));
    renderAnalytics(queryClient);
    await screen.findByRole('table', { name: 'Sent emails' });
    await screen.findByRole('table', { name: 'Campaign performance' });
    expect(count(urls, '/api/analytics/overview')).toBe(1);
    expect(count(urls, '/api/analytics/daily')).toBe(1);
    expect(count(urls, '/api/analytics/sent-emails')).toBe(1);
  });

  it('a page mounted while the prefetch is still under way shares its reads', async () => {
    const urls = stubServer();
    const queryClient = createQueryClient();
    prefetchSection(queryClient, '/analytics', new URLSearchParams());
    renderAnalytics(queryClient);
    await screen.findByRole('table', { name: 'Sent emails' });
    expect(count(urls, '/api/analytics/overview')).toBe(1);
    expect(count(urls, '/api/analytics/sent-emails')).toBe(1);
  });

  it('a later visit reads the figures afresh: from its own prefetch, or from the page without one', async () => {
    const urls = stubServer();
    const queryClient = createQueryClient();
    prefetchSection(queryClient, '/analytics', new URLSearchParams());
    await waitFor(() => expect(urls).toHaveLength(3));
    // The next visit, a minute on: its prefetch reads again although the figures are cached.
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + 60_000);
    prefetchSection(queryClient, '/analytics', new URLSearchParams());
    await waitFor(() => expect(count(urls, '/api/analytics/overview')).toBe(2));
    // Without a prefetch (a page mounted on its own) the page reads them itself, as before.
    vi.spyOn(Date, 'now').mockReturnValue(now + 120_000);
    renderAnalytics(queryClient);
    await waitFor(() => expect(count(urls, '/api/analytics/overview')).toBe(3));
  });

  it("starts the inbox's list from the address's filters", async () => {
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        urls.push(url);
        return Response.json({ items: [], total: 0, limit: 50, offset: 50, unread: 0 });
      }),
    );
    prefetchSection(createQueryClient(), '/inbox', new URLSearchParams('status=unread&page=2'));
    await waitFor(() => expect(urls).toEqual(['/api/inbox?limit=50&offset=50&status=unread']));
  });

  it('data read once and kept (the templates) is not read again', async () => {
    const urls = stubServer();
    const queryClient = createQueryClient();
    prefetchSection(queryClient, '/templates', new URLSearchParams());
    await waitFor(() => expect(urls).toEqual(['/api/templates']));
    prefetchSection(queryClient, '/templates', new URLSearchParams());
    prefetchSection(queryClient, '/unknown', new URLSearchParams());
    // A read would have started synchronously.
    expect(queryClient.isFetching()).toBe(0);
    expect(urls).toEqual(['/api/templates']);
  });
});
