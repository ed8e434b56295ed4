import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WebhookEndpointView } from '../../contract/webhooks';
import type { Role } from '../../contract/workspaces';
import { createQueryClient } from '../api';
import { stubWebhookServer, testEndpoint } from '../pages/settings/webhook-test-server';
import { WebhookOffBanner } from './webhook-off-banner';

const GONE = testEndpoint({
  id: 2,
  url: 'https://old.example.com/gone',
  enabled: false,
  disabledReason: 'It answered 410 Gone on Sun, 01 Mar 2026 10:00:00 GMT',
});

function show(role: Role, endpoints: WebhookEndpointView[]) {
  const calls = stubWebhookServer({ role, endpoints });
  const client = createQueryClient();
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={client}>
        <WebhookOffBanner />
      </QueryClientProvider>
    </MantineProvider>,
  );
  /** Waits until `path` has been read, and the banner drawn from it. */
  const read = async (path: string) => {
    await waitFor(() =>
      expect(client.getQueryState(path.split('/').filter(Boolean))?.status).toBe('success'),
    );
    await act(async () => {});
  };
  return { calls, read };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('WebhookOffBanner', () => {
  it('tells an owner which endpoint Tailor turned off and why, with a way to Settings', async () => {
    show('owner', [testEndpoint(), GONE]);
    expect(
      await screen.findByText(
        'A webhook endpoint was turned off: https://old.example.com/gone — It answered 410 Gone on Sun, 01 Mar 2026 10:00:00 GMT.',
      ),
    ).toBeTruthy();
    // Only the one Tailor turned off.
    expect(screen.queryByText(/hooks\.example\.com\/tailor/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Open Settings' }).getAttribute('href')).toBe('/settings');
  });

  it('stays hidden while every endpoint is on, or was turned off by a person', async () => {
    const { read } = show('owner', [testEndpoint(), testEndpoint({ id: 3, enabled: false })]);
    await read('/api/webhooks');
    expect(screen.queryByText(/turned off/)).toBeNull();
  });

  it('asks nothing and shows nothing to anyone but an owner', async () => {
    const { calls, read } = show('sender', [GONE]);
    await read('/api/workspaces');
    expect(calls.map((c) => c.url)).not.toContain('/api/webhooks');
    expect(screen.queryByText(/turned off/)).toBeNull();
  });
});
