import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AnalyticsOverview } from '../../../contract/analytics';
import { createQueryClient } from '../../api';
import { AnalyticsPage } from './analytics-page';
import { mailboxFigures, overview, sentEmail } from './test-fixtures';

const days = [
  { day: '2025-07-29', sent: 120, opened: 50, openedIncludingMachine: 70, replied: 4, bounced: 1 },
  { day: '2025-07-30', sent: 80, opened: 35, openedIncludingMachine: 40, replied: 3, bounced: 2 },
];

const unsubscribers = [
  { id: 1, email: 'gone@example.com', createdAt: '2025-07-30T12:00:00.000Z' },
  { id: 2, email: 'bye@example.com', createdAt: '2025-07-31T08:30:00.000Z' },
];

const reply = {
  id: 31,
  kind: 'reply',
  bounceKind: null,
  bounceStatus: null,
  bounceDiagnostic: null,
  fromAddress: 'r1@example.com',
  fromName: 'Robin Doe',
  subject: 'Re: Hello 1',
  snippet: 'Happy to talk next week.',
  link: null,
  category: 'meeting-request',
  categorySource: 'rules',
  notNowUntil: null,
  receivedAt: '2025-07-31T09:00:00.000Z',
  emailId: 1,
  recipientEmail: 'r1@example.com',
};

const stepStats = [
  { step: 1, sent: 150, replied: 5, replyRate: 5 / 150, bounced: 3, bounceRate: 0.02, unsubscribed: 2 },
  { step: 2, sent: 60, replied: 1, replyRate: 1 / 60, bounced: 0, bounceRate: 0, unsubscribed: 0 },
];

/** A fake server; `overviewReply` replaces the overview's answer. Returns the URLs asked for. */
function stubServer(overviewReply: () => Response = () => Response.json(overview)) {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      if (url === '/api/analytics/overview') return overviewReply();
      if (url === '/api/analytics/daily?days=30') return Response.json({ days });
      if (url.startsWith('/api/analytics/sent-emails?'))
        return Response.json({ items: [sentEmail(1, { opened: true })], total: 1, page: 1, pageSize: 25 });
      if (url === '/api/campaigns/7/step-stats') return Response.json(stepStats);
      if (url === '/api/campaigns/7/unsubscribers') return Response.json(unsubscribers);
      if (url.startsWith('/api/campaigns/7/replies?'))
        return Response.json({ items: [reply], total: 1, limit: 20, offset: 0 });
      return new Response('Not here', { status: 404, statusText: 'Not Found' });
    }),
  );
  return urls;
}

function renderPage() {
  return render(
    <MantineProvider env="test">
      <Notifications />
      <QueryClientProvider client={createQueryClient()}>
        <AnalyticsPage />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  // The toast store outlives a render: start each test with none.
  notifications.clean();
});

describe('AnalyticsPage', () => {
  it('shows the totals with people-only opens and the machine-inclusive figure beside them', async () => {
    stubServer();
    renderPage();
    const openRate = screen.getByRole('group', { name: 'Open Rate' });
    expect(await within(openRate).findByText('42.5%')).toBeTruthy();
    expect(within(openRate).getByText('incl. machine opens: 110 (55.0%)')).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Sent' })).getByText('200')).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Opened' })).getByText('85')).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Unsubscribes' })).getByText('2')).toBeTruthy();
    const replyRate = within(screen.getByRole('group', { name: 'Reply Rate' }));
    expect(replyRate.getByText('3.5%')).toBeTruthy();
    expect(replyRate.getByText('7 replied')).toBeTruthy();
    const bounceRate = within(screen.getByRole('group', { name: 'Bounce Rate' }));
    expect(bounceRate.getByText('1.5%')).toBeTruthy();
    expect(bounceRate.getByText('3 addresses bounced for good')).toBeTruthy();
    expect(screen.getByText(/Apple Mail Privacy Protection/)).toBeTruthy();
  });

  it('gives each chart a title and a description screen readers can find', async () => {
    stubServer();
    renderPage();
    expect(
      await screen.findByRole('img', {
        name:
          'Emails sent, opened, replied to and bounced per day over the last 2 days: 200 sent, 85 opened by a person, ' +
          '110 opened including machine opens, 7 replied to, 3 bounced.',
      }),
    ).toBeTruthy();
    expect(screen.getByRole('img', { name: /for the 2 campaigns that sent the most/ })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Sends, opens and replies, last 30 days' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Sent and opened by campaign' })).toBeTruthy();
  });

  it('lists each campaign with sent, opened, unopened, both open rates, and the reply and bounce rates', async () => {
    stubServer();
    renderPage();
    const table = await screen.findByRole('table', { name: 'Campaign performance' });
    const cells = within(within(table).getAllByRole('row')[1]!)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(0, 10)).toEqual([
      'Expo follow-up',
      '150',
      '64',
      '86',
      '42.7%',
      '80',
      '53.3%',
      '4.0%',
      '2.0%',
      '2',
    ]);
    expect(within(table).getByRole('columnheader', { name: 'Reply Rate' })).toBeTruthy();
    expect(within(table).getByRole('columnheader', { name: 'Bounce Rate' })).toBeTruthy();
  });

  it('opens the unsubscribers of a campaign from its row', async () => {
    const urls = stubServer();
    renderPage();
    const table = await screen.findByRole('table', { name: 'Campaign performance' });
    fireEvent.click(
      within(within(table).getAllByRole('row')[1]!).getByRole('button', { name: 'View Unsubscribers' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Unsubscribers: Expo follow-up' });
    expect(await within(dialog).findByText('gone@example.com')).toBeTruthy();
    expect(within(dialog).getByText('bye@example.com')).toBeTruthy();
    expect(urls).toContain('/api/campaigns/7/unsubscribers');
  });

  it('opens the replies of a campaign from its row', async () => {
    const urls = stubServer();
    renderPage();
    const table = await screen.findByRole('table', { name: 'Campaign performance' });
    fireEvent.click(
      within(within(table).getAllByRole('row')[1]!).getByRole('button', { name: 'View Replies' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Replies: Expo follow-up' });
    expect(await within(dialog).findByText('Happy to talk next week.')).toBeTruthy();
    expect(urls).toContain('/api/campaigns/7/replies?limit=20&offset=0');
  });

  it('offers the figures by step only for a campaign with follow-ups, and opens them from its row', async () => {
    const urls = stubServer();
    renderPage();
    const table = await screen.findByRole('table', { name: 'Campaign performance' });
    const [, expoRow, springRow] = within(table).getAllByRole('row');
    fireEvent.click(await within(expoRow!).findByRole('button', { name: 'View by Step' }));
    expect(within(springRow!).queryByRole('button', { name: 'View by Step' })).toBeNull();
    const dialog = await screen.findByRole('dialog', { name: 'Expo follow-up: by step' });
    const steps = await within(dialog).findByRole('table', { name: 'Figures by step' });
    const stepTwo = within(steps).getByRole('rowheader', { name: 'Step 2 · follow-up' }).closest('tr')!;
    expect(Array.from(stepTwo.children, (cell) => cell.textContent)).toEqual([
      'Step 2 · follow-up',
      '60',
      '1',
      '1.7%',
      '0',
      '0.0%',
      '0',
    ]);
    expect(urls).toContain('/api/campaigns/7/step-stats');
  });

  it('reads what it shows from the analytics endpoints alone, not the campaign lists', async () => {
    const urls = stubServer();
    renderPage();
    await screen.findByRole('table', { name: 'Campaign performance' });
    await screen.findByRole('table', { name: 'Sent emails' });
    expect(urls.filter((url) => !url.startsWith('/api/analytics/'))).toEqual([]);
  });

  it("shows sends, replies, bounces and today's use by mailbox once two mailboxes sent", async () => {
    const mailboxes = [
      mailboxFigures(3, 'pat@sales.example.com', {
        sent: 1200,
        replied: 36,
        replyRate: 3,
        bounced: 6,
        bounceRate: 0.5,
      }),
      mailboxFigures(4, 'sam@sales.example.com', {
        owner: 'Sam Roe',
        state: 'paused',
        sent: 80,
        replied: 0,
        replyRate: 0,
        bounced: 9,
        bounceRate: 11.25,
        sentToday: 0,
        dailyLimit: 300,
      }),
    ];
    stubServer(() => Response.json({ ...overview, mailboxes }));
    renderPage();
    const table = await screen.findByRole('table', { name: 'By mailbox' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      `pat@sales.example.comPat Doe${(1200).toLocaleString()}36 (3.0%)6 (0.5%)20 of 500`,
      'sam@sales.example.comSam RoePaused800 (0.0%)9 (11.3%)0 of 300',
    ]);
  });

  it('leaves the mailbox table out while one mailbox sent everything', async () => {
    stubServer(() => Response.json({ ...overview, mailboxes: [mailboxFigures(3, 'pat@sales.example.com')] }));
    renderPage();
    await screen.findByRole('table', { name: 'Campaign performance' });
    expect(screen.queryByRole('table', { name: 'By mailbox' })).toBeNull();
  });

  it('says no emails were sent yet instead of drawing empty charts', async () => {
    const none: AnalyticsOverview = {
      totals: { ...overview.totals, sent: 0, opened: 0, openedIncludingMachine: 0, unopened: 0 },
      campaigns: [],
      members: [],
      mailboxes: [],
    };
    stubServer(() => Response.json(none));
    renderPage();
    expect((await screen.findAllByText('No emails sent yet')).length).toBeGreaterThanOrEqual(2);
    expect(screen.queryByRole('img', { name: /campaigns that sent the most/ })).toBeNull();
    expect(screen.queryByRole('table', { name: 'Campaign performance' })).toBeNull();
  });

  it("shows 'Failed to fetch analytics data' once, and an inline alert, when the server fails", async () => {
    stubServer(() => new Response('boom', { status: 500, statusText: 'Internal Server Error' }));
    renderPage();
    expect(await screen.findByText('Failed to fetch analytics data')).toBeTruthy();
    expect(screen.getAllByText('Failed to fetch analytics data')).toHaveLength(1);
    expect(screen.getByText('Could not load your analytics')).toBeTruthy();
    expect(screen.getByText('500: boom')).toBeTruthy();
  });

  it('leaves a 401 to the session handling: no analytics toast', async () => {
    const urls = stubServer(() => new Response(null, { status: 401, statusText: 'Unauthorized' }));
    renderPage();
    // The daily chart has drawn, and the overview was asked for and refused.
    expect(await screen.findByRole('img', { name: /per day over the last 2 days/ })).toBeTruthy();
    await waitFor(() => expect(urls).toContain('/api/analytics/overview'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Failed to fetch analytics data')).toBeNull();
    expect(screen.queryByText('Could not load your analytics')).toBeNull();
  });
});
