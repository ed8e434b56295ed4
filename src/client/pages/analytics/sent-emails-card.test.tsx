import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SentEmailRow } from '../../../contract/analytics';
import { createQueryClient } from '../../api';
import { SentEmailsCard } from './sent-emails-card';
import { expo, sentEmail, spring } from './test-fixtures';

/** A fake server answering every sent-emails page with `items` and `total`; returns the URLs asked for. */
function stubServer(items: SentEmailRow[], total: number) {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      if (url.startsWith('/api/analytics/sent-emails?')) {
        const page = Number(new URL(url, 'http://x').searchParams.get('page'));
        return Response.json({ items, total, page, pageSize: 25 });
      }
      return new Response('Not here', { status: 404, statusText: 'Not Found' });
    }),
  );
  return urls;
}

function renderCard() {
  return render(
    <MantineProvider env="test">
      <Notifications />
      <QueryClientProvider client={createQueryClient()}>
        <SentEmailsCard campaigns={[expo, spring]} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const BASE = '/api/analytics/sent-emails?';

afterEach(() => {
  vi.unstubAllGlobals();
  // The table's choices live in the address bar: start each test from a plain page.
  window.history.replaceState(null, '', '/');
  // The toast store outlives a render: start each test with none.
  notifications.clean();
});

describe('SentEmailsCard', () => {
  // Eight pages asked for through paging, sorting and both filters: on a shared two-core machine under
  // load this alone can pass the default five seconds.
  it('asks the server for the page, sort and filters chosen, back to page 1 when they change', {
    timeout: 20_000,
  }, async () => {
    const urls = stubServer([sentEmail(1)], 60);
    renderCard();
    const last = () => urls.at(-1);

    await screen.findByRole('table', { name: 'Sent emails' });
    expect(last()).toBe(`${BASE}page=1&pageSize=25&sort=sentAt&order=desc&opened=all`);

    // 60 emails at 25 a page: three pages.
    expect(screen.getByRole('button', { name: '3' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '4' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(last()).toBe(`${BASE}page=2&pageSize=25&sort=sentAt&order=desc&opened=all`));

    fireEvent.click(screen.getByRole('button', { name: 'Sent At' }));
    await waitFor(() => expect(last()).toBe(`${BASE}page=1&pageSize=25&sort=sentAt&order=asc&opened=all`));
    expect(screen.getByRole('columnheader', { name: 'Sent At' }).getAttribute('aria-sort')).toBe('ascending');

    fireEvent.click(screen.getByRole('button', { name: 'Subject' }));
    await waitFor(() => expect(last()).toBe(`${BASE}page=1&pageSize=25&sort=subject&order=asc&opened=all`));
    expect(screen.getByRole('columnheader', { name: 'Subject' }).getAttribute('aria-sort')).toBe('ascending');
    expect(screen.getByRole('columnheader', { name: 'Sent At' }).getAttribute('aria-sort')).toBe('none');

    fireEvent.click(screen.getByRole('button', { name: '3' }));
    await waitFor(() => expect(last()).toContain('page=3&'));
    fireEvent.click(screen.getByRole('radio', { name: 'Not opened' }));
    await waitFor(() =>
      expect(last()).toBe(`${BASE}page=1&pageSize=25&sort=subject&order=asc&opened=unopened`),
    );

    fireEvent.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(last()).toContain('page=2&'));
    fireEvent.click(screen.getByRole('combobox', { name: 'Campaign' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Spring launch' }));
    await waitFor(() =>
      expect(last()).toBe(`${BASE}page=1&pageSize=25&sort=subject&order=asc&campaignId=9&opened=unopened`),
    );
  });

  it('does not sort by email', async () => {
    stubServer([sentEmail(1)], 1);
    renderCard();
    const header = await screen.findByRole('columnheader', { name: 'Email' });
    expect(within(header).queryByRole('button')).toBeNull();
    // One page: no pagination.
    expect(screen.queryByRole('button', { name: '1' })).toBeNull();
  });

  it('labels whether a person opened each email, and links its raw message', async () => {
    stubServer(
      [
        sentEmail(1, { opened: true }),
        sentEmail(2, { openedByMachineOnly: true }),
        sentEmail(3, { subject: '<b>Hi</b> & welcome' }),
      ],
      3,
    );
    renderCard();
    const rows = within(await screen.findByRole('table', { name: 'Sent emails' })).getAllByRole('row');
    expect(within(rows[1]!).getByRole('img', { name: 'Opened' })).toBeTruthy();
    expect(within(rows[2]!).getByRole('img', { name: 'Opened by a machine only' })).toBeTruthy();
    expect(within(rows[3]!).getByRole('img', { name: 'Not opened' })).toBeTruthy();
    // Recipient data is shown as text, never as markup.
    expect(within(rows[3]!).getByText('<b>Hi</b> & welcome')).toBeTruthy();
    const link = within(rows[2]!).getByRole('link', { name: /View message/ });
    expect(link.getAttribute('href')).toBe('/api/emails/2/raw');
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it('labels whether each email was replied to or bounced', async () => {
    stubServer(
      [
        sentEmail(1, { repliedAt: '2025-07-31T09:00:00.000Z' }),
        sentEmail(2, { bounceKind: 'hard' }),
        sentEmail(3, { bounceKind: 'soft', repliedAt: '2025-08-01T09:00:00.000Z' }),
        sentEmail(4),
      ],
      4,
    );
    renderCard();
    const table = await screen.findByRole('table', { name: 'Sent emails' });
    expect(within(table).getByRole('columnheader', { name: 'Response' })).toBeTruthy();
    const labels = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('img')
          .map((img) => img.getAttribute('aria-label'))
          .filter((label) => !label?.startsWith('Not opened')),
      );
    expect(labels).toEqual([['Replied'], ['Bounced (hard)'], ['Replied', 'Bounced (soft)'], ['No reply']]);
  });

  it('explains a machine-only open in a tooltip', async () => {
    stubServer([sentEmail(2, { openedByMachineOnly: true })], 1);
    renderCard();
    fireEvent.mouseEnter(await screen.findByRole('img', { name: 'Opened by a machine only' }));
    expect(await screen.findByText('Opened only by an image proxy (probably not read)')).toBeTruthy();
  });

  it('shows the analytics failure toast and an inline alert when the page fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('boom', { status: 500, statusText: 'Internal Server Error' })),
    );
    renderCard();
    expect(await screen.findByText('Failed to fetch analytics data')).toBeTruthy();
    expect(screen.getByText('Could not load the sent emails')).toBeTruthy();
  });

  it('keeps the campaign, the opened filter and the page in the address bar', async () => {
    const urls = stubServer([sentEmail(1)], 60);
    renderCard();

    await screen.findByRole('table', { name: 'Sent emails' });
    expect(window.location.search).toBe('');
    fireEvent.click(screen.getByRole('radio', { name: 'Opened' }));
    fireEvent.click(screen.getByRole('combobox', { name: 'Campaign' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Spring launch' }));
    await waitFor(() => expect(window.location.search).toBe('?campaign=9&opened=opened'));
    fireEvent.click(await screen.findByRole('button', { name: '3' }));
    await waitFor(() => expect(window.location.search).toBe('?campaign=9&opened=opened&page=3'));
    expect(urls.at(-1)).toBe(`${BASE}page=3&pageSize=25&sort=sentAt&order=desc&campaignId=9&opened=opened`);
  });

  it('opens on the rows a shared link names', async () => {
    window.history.replaceState(
      null,
      '',
      '/analytics?campaign=9&opened=unopened&page=2&sort=subject&order=asc',
    );
    const urls = stubServer([sentEmail(1)], 60);
    renderCard();

    await screen.findByRole('table', { name: 'Sent emails' });
    expect(urls[0]).toBe(`${BASE}page=2&pageSize=25&sort=subject&order=asc&campaignId=9&opened=unopened`);
    expect((screen.getByRole('radio', { name: 'Not opened' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('combobox', { name: 'Campaign' }) as HTMLInputElement).value).toBe(
      'Spring launch',
    );
    expect(screen.getByRole('button', { name: '2' }).getAttribute('data-active')).toBe('true');
  });

  it('explains the Opened icons in a legend', async () => {
    stubServer([sentEmail(1)], 1);
    renderCard();
    const legend = await screen.findByRole('list', { name: 'Opened column legend' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'opened by a person',
      'opened only by an image proxy or scanner (probably not read)',
      'not opened',
    ]);
  });

  it('marks recipients who unsubscribed, and keeps long addresses and names on one line', async () => {
    const address = 'a.very.long.recipient.address.of.someone@subdomain.example-company.com';
    const campaign = 'An unusually long campaign name for the autumn trade fair follow-up';
    stubServer(
      [sentEmail(1, { email: address, campaignName: campaign, unsubscribed: true }), sentEmail(2)],
      2,
    );
    renderCard();
    const rows = within(await screen.findByRole('table', { name: 'Sent emails' })).getAllByRole('row');
    expect(within(rows[1]!).getByText('Unsubscribed')).toBeTruthy();
    expect(within(rows[2]!).queryByText('Unsubscribed')).toBeNull();
    for (const text of [address, campaign]) {
      const shown = within(rows[1]!).getByText(text);
      expect(shown.getAttribute('title')).toBe(text);
      expect(shown.hasAttribute('data-truncate')).toBe(true);
    }
  });
});
