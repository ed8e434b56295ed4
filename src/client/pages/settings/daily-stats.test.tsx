import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../api';
import { DailyStats } from './daily-stats';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('DailyStats', () => {
  it('names today as every other date in the app is shown', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/api/daily-email-stats'
          ? Response.json({
              day: '2026-11-24',
              sentWithUnsubscribe: 12,
              sentWithoutUnsubscribe: 0,
              limitWithUnsubscribe: 500,
              limitWithoutUnsubscribe: 100,
            })
          : Response.json({ days: [] }),
      ),
    );
    render(
      <MantineProvider env="test">
        <QueryClientProvider client={createQueryClient()}>
          <DailyStats />
        </QueryClientProvider>
      </MantineProvider>,
    );
    expect(await screen.findByText('Emails sent today (Nov 24, 2026)')).toBeTruthy();
    expect(screen.queryByText(/2026-11-24/)).toBeNull();
  });
});
