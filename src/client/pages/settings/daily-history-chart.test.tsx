import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../api';
import { DailyHistoryChart } from './daily-history-chart';

function renderChart(reply: () => Response) {
  const fetchMock = vi.fn(async (_url: string) => reply());
  vi.stubGlobal('fetch', fetchMock);
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={createQueryClient()}>
        <DailyHistoryChart />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('DailyHistoryChart', () => {
  it('charts the last 14 days, described for screen readers', async () => {
    const days = Array.from({ length: 14 }, (_, i) => ({
      day: `2025-07-${String(i + 10).padStart(2, '0')}`,
      sentWithUnsubscribe: i,
      sentWithoutUnsubscribe: i % 2,
    }));
    const fetchMock = renderChart(() => Response.json({ days }));
    expect(screen.getByText('Last 14 days')).toBeTruthy();
    expect(
      await screen.findByRole('img', {
        name: 'Emails sent per day over the last 14 days: 91 with an unsubscribe link, 7 without.',
      }),
    ).toBeTruthy();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/daily-email-stats/history?days=14');
  });

  it('says so when the history cannot be loaded', async () => {
    renderChart(() => new Response('boom', { status: 500, statusText: 'Internal Server Error' }));
    expect(await screen.findByText('Could not load the last 14 days.')).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
  });
});
