import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DashboardStats } from '../../../contract/dashboard';
import { StatCards } from './stat-cards';

const stats: DashboardStats = {
  totalCampaigns: 4,
  emailsSent: 1200,
  successRate: 98,
  templates: 3,
  openedRate: 41.26,
  replyRate: 6.25,
  bounceRate: 1.04,
  members: [],
};

const show = (value: DashboardStats | undefined) =>
  render(
    <MantineProvider env="test">
      <StatCards stats={value} />
    </MantineProvider>,
  );

describe('StatCards', () => {
  it('shows the reply and bounce rates beside the opened rate, one decimal each', () => {
    show(stats);
    const figure = (label: string) => within(screen.getByRole('group', { name: label }));
    expect(figure('Opened Rate').getByText('41.3%')).toBeTruthy();
    expect(figure('Reply Rate').getByText('6.3%')).toBeTruthy();
    expect(figure('Bounce Rate').getByText('1.0%')).toBeTruthy();
    expect(figure('Emails Sent').getByText((1200).toLocaleString())).toBeTruthy();
  });

  it('shows no figure while the stats load', () => {
    show(undefined);
    expect(within(screen.getByRole('group', { name: 'Reply Rate' })).queryByText(/%$/)).toBeNull();
  });
});
