import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CampaignReply } from '../../../contract/conversations';
import { createQueryClient } from '../../api';
import { formatDateTime } from '../../format-date';
import { RepliesDialog } from './replies-dialog';

const reply = (id: number, changes: Partial<CampaignReply> = {}): CampaignReply => ({
  id,
  kind: 'reply',
  bounceKind: null,
  bounceStatus: null,
  bounceDiagnostic: null,
  fromAddress: `r${id}@example.com`,
  fromName: `Person ${id}`,
  subject: `Re: Hello ${id}`,
  snippet: `Reply number ${id}`,
  link: null,
  category: null,
  categorySource: null,
  notNowUntil: null,
  receivedAt: '2025-07-31T09:00:00.000Z',
  emailId: id,
  recipientEmail: `r${id}@example.com`,
  ...changes,
});

/** A fake server holding `total` replies, newest (highest id) first, paged by limit and offset. */
function stubServer(total: number, first: (r: CampaignReply) => CampaignReply = (r) => r) {
  const urls: string[] = [];
  const all = Array.from({ length: total }, (_, i) => reply(total - i));
  if (all[0]) all[0] = first(all[0]);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      if (url.startsWith('/api/campaigns/7/replies?')) {
        const query = new URL(url, 'http://x').searchParams;
        const limit = Number(query.get('limit'));
        const offset = Number(query.get('offset'));
        return Response.json({ items: all.slice(offset, offset + limit), total, limit, offset });
      }
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
        <RepliesDialog campaign={{ campaignId: 7, name: 'Expo follow-up' }} onClose={() => {}} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const shownSenders = (dialog: HTMLElement) =>
  within(within(dialog).getByRole('list', { name: 'Replies' }))
    .getAllByRole('article')
    .map((article) => article.getAttribute('aria-label'));

afterEach(() => {
  vi.unstubAllGlobals();
  // The toast store outlives a render: start each test with none.
  notifications.clean();
});

describe('RepliesDialog', () => {
  it('shows each reply with its sender, the address written to, time, subject, snippet and link', async () => {
    stubServer(1, (r) => ({
      ...r,
      snippet: 'Sure <script>alert(1)</script> let us talk',
      link: 'https://mail.google.com/mail/u/0/#inbox/abc',
    }));
    renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Replies: Expo follow-up' });
    const article = await within(dialog).findByRole('article', { name: 'Reply from Person 1' });
    expect(within(article).getByText('r1@example.com')).toBeTruthy();
    expect(within(article).getByText('Answers your email to r1@example.com')).toBeTruthy();
    expect(within(article).getByText(formatDateTime('2025-07-31T09:00:00.000Z'))).toBeTruthy();
    expect(within(article).getByText('Re: Hello 1')).toBeTruthy();
    expect(within(article).getByText('Sure <script>alert(1)</script> let us talk')).toBeTruthy();
    expect(article.querySelector('script')).toBeNull();
    const link = within(article).getByRole('link', { name: 'Open in Gmail' });
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(within(dialog).getByText('1 reply')).toBeTruthy();
  });

  it('pages through the replies with the limit and offset of each page', async () => {
    const urls = stubServer(25);
    renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Replies: Expo follow-up' });
    await within(dialog).findByRole('article', { name: 'Reply from Person 25' });
    expect(urls.at(-1)).toBe('/api/campaigns/7/replies?limit=20&offset=0');
    expect(shownSenders(dialog)).toHaveLength(20);
    expect(within(dialog).getByText('25 replies')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: '2' }));
    await waitFor(() => expect(shownSenders(dialog)).toHaveLength(5));
    expect(urls.at(-1)).toBe('/api/campaigns/7/replies?limit=20&offset=20');
    expect(shownSenders(dialog)[0]).toBe('Reply from Person 5');
    expect(within(dialog).queryByRole('button', { name: '3' })).toBeNull();
  });

  it('says when nobody has replied yet, with no pages', async () => {
    stubServer(0);
    renderDialog();
    expect(await screen.findByText('No replies yet')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Replies' })).toBeNull();
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it("shows 'Failed to fetch analytics data' when the replies cannot be read", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('boom', { status: 500, statusText: 'Internal Server Error' })),
    );
    renderDialog();
    expect(await screen.findByText('Failed to fetch analytics data')).toBeTruthy();
    expect(screen.getByText('Could not load the replies')).toBeTruthy();
  });
});
