import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StepStats } from '../../../contract/sequences';
import { createQueryClient } from '../../api';
import { StepStatsDialog } from './step-stats-dialog';

// Every figure differs from the others in its row, so a column shown in another's place fails.
const steps: StepStats = [
  { step: 1, sent: 120, replied: 9, replyRate: 0.075, bounced: 3, bounceRate: 0.025, unsubscribed: 2 },
  { step: 2, sent: 100, replied: 4, replyRate: 0.04, bounced: 1, bounceRate: 0.01, unsubscribed: 0 },
  { step: 3, sent: 0, replied: 0, replyRate: 0, bounced: 0, bounceRate: 0, unsubscribed: 0 },
];

function stubServer(reply: () => Response) {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      if (url === '/api/campaigns/7/step-stats') return reply();
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
        <StepStatsDialog campaign={{ campaignId: 7, name: 'Expo follow-up' }} onClose={() => {}} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

/** Each body row as its texts: the step's name, then its cells. */
const rowTexts = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => Array.from(row.children, (cell) => cell.textContent));

afterEach(() => {
  vi.unstubAllGlobals();
  // The toast store outlives a render: start each test with none.
  notifications.clean();
});

describe('StepStatsDialog', () => {
  it('shows each step’s counts and its rates as percentages, under the campaign name', async () => {
    const urls = stubServer(() => Response.json(steps));
    renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Expo follow-up: by step' });
    const table = await within(dialog).findByRole('table', { name: 'Figures by step' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Step', 'Sent', 'Replied', 'Reply rate', 'Bounced', 'Bounce rate', 'Unsubscribed']);
    expect(rowTexts(table)).toEqual([
      ['Step 1', '120', '9', '7.5%', '3', '2.5%', '2'],
      ['Step 2 · follow-up', '100', '4', '4.0%', '1', '1.0%', '0'],
      ['Step 3 · follow-up', '0', '0', '0.0%', '0', '0.0%', '0'],
    ]);
    // The step names head their rows, so a screen reader announces them with each figure.
    expect(within(table).getByRole('rowheader', { name: 'Step 2 · follow-up' })).toBeTruthy();
    expect(urls).toEqual(['/api/campaigns/7/step-stats']);
  });

  it('says when nothing was sent yet', async () => {
    stubServer(() => Response.json([]));
    renderDialog();
    expect(await screen.findByText('No emails sent yet')).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Figures by step' })).toBeNull();
  });

  it("shows 'Failed to fetch analytics data' and an inline alert when the figures cannot be read", async () => {
    stubServer(() => new Response('boom', { status: 500, statusText: 'Internal Server Error' }));
    renderDialog();
    expect(await screen.findByText('Failed to fetch analytics data')).toBeTruthy();
    expect(screen.getByText('Could not load the figures by step')).toBeTruthy();
    expect(screen.getByText('500: boom')).toBeTruthy();
  });
});
