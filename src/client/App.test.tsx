import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { App } from './App';
import { createQueryClient } from './api';

const user = {
  id: 1,
  profileImageUrl: null,
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  termsAcceptedAt: '2025-08-01T00:00:00Z',
  provider: 'local',
  timeZone: 'UTC',
  mailboxNeedsReauth: false,
  isOperator: false,
};

const publicConfig = {
  signIn: { google: false, microsoft: true, local: false, localOnThisMachineOnly: false },
  ai: true,
  legal: { entity: 'Example Co', contactEmail: 'legal@example.com', state: 'Oregon' },
};

/** A fake server whose /api/auth/user answers with `userReply`. */
function stubServer(userReply: () => Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/auth/user') return userReply();
      if (url === '/api/public-config') return Response.json(publicConfig);
      if (url === '/api/campaigns') return Response.json([]);
      return new Response(null, { status: 404, statusText: 'Not Found' });
    }),
  );
}

function renderAt(path: string) {
  const { hook } = memoryLocation({ path });
  return render(
    <MantineProvider env="test">
      <QueryClientProvider client={createQueryClient()}>
        <Router hook={hook}>
          <App />
        </Router>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const signedOut = () => new Response(null, { status: 401, statusText: 'Unauthorized' });
const signedIn = () => Response.json(user);
const broken = () => new Response('boom', { status: 500, statusText: 'Internal Server Error' });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('App routes', () => {
  it('shows the landing page at / when signed out', async () => {
    stubServer(signedOut);
    renderAt('/');
    expect(await screen.findByRole('button', { name: 'Sign in with Outlook' })).toBeTruthy();
    expect(screen.getByText('AI-Powered Personalization')).toBeTruthy();
  });

  it('shows the not-found page, not a signed-in screen, for /settings when signed out', async () => {
    stubServer(signedOut);
    renderAt('/settings');
    expect(await screen.findByText('404 Page Not Found')).toBeTruthy();
    expect(screen.queryByText('Configure your account.')).toBeNull();
  });

  it('offers only the public pages when the sign-in check fails', async () => {
    stubServer(broken);
    renderAt('/campaigns');
    expect(await screen.findByText('404 Page Not Found')).toBeTruthy();
  });

  it('shows the dashboard layout with the section header when signed in', async () => {
    stubServer(signedIn);
    renderAt('/settings');
    expect(await screen.findByText('Configure your account.')).toBeTruthy();
    expect(screen.getByText('Ada Lovelace')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Terms of Service' })).toBeNull();
  });

  it('shows the inbox at /inbox when signed in', async () => {
    stubServer(signedIn);
    renderAt('/inbox');
    expect(await screen.findByText('Every answer to your campaigns, in one place.')).toBeTruthy();
    expect(await screen.findByRole('radio', { name: 'Unread' })).toBeTruthy();
  });

  it('keeps the policy pages public', async () => {
    stubServer(signedOut);
    renderAt('/terms-of-service');
    expect(await screen.findByText(/the laws of Oregon/)).toBeTruthy();
  });

  it('overlays the terms dialog while a signed-in user has not accepted them', async () => {
    stubServer(() => Response.json({ ...user, termsAcceptedAt: null }));
    renderAt('/');
    expect(await screen.findByRole('dialog', { name: 'Terms of Service' })).toBeTruthy();
  });
});
