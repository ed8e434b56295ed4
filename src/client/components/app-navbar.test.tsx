import { AppShell, MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { CurrentUser } from '../../contract/auth';
import { EMPTY_SENDER_PROFILE } from '../../contract/sender-profile';
import { createQueryClient } from '../api';
import { AppNavbar } from './app-navbar';

const localUser: CurrentUser = {
  id: 1,
  profileImageUrl: null,
  firstName: null,
  lastName: null,
  email: 'you@localhost',
  termsAcceptedAt: '2025-08-01T00:00:00Z',
  provider: 'local',
  timeZone: 'UTC',
  mailboxNeedsReauth: false,
  isOperator: false,
};

/**
 * The sidebar with a server whose sender settings name the sender `senderName` (404 when undefined)
 * and whose inbox holds `unread` unread answers (404 when undefined).
 */
function renderNavbar(user: CurrentUser, senderName?: string | null, unread?: number) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/sender-settings' && senderName !== undefined)
        return Response.json({ ...SETTINGS, name: senderName, email: user.email });
      if (url === '/api/inbox/unread' && unread !== undefined) return Response.json({ unread });
      return new Response(null, { status: 404, statusText: 'Not Found' });
    }),
  );
  const { hook } = memoryLocation({ path: '/settings' });
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={createQueryClient()}>
        <Router hook={hook}>
          <AppShell>
            <AppShell.Navbar>
              <AppNavbar user={user} onNavigate={() => {}} />
            </AppShell.Navbar>
          </AppShell>
        </Router>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const SETTINGS = {
  signature: null,
  companyName: null,
  streetAddress: null,
  city: null,
  state: null,
  zipCode: null,
  phoneNumber: null,
  recipientReason: null,
  defaultUnsubscribeMessage: '',
  publicUrlIsLoopback: true,
  dnsDomain: null,
  profile: EMPTY_SENDER_PROFILE,
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('AppNavbar', () => {
  it('names a signed-in person above their email', () => {
    renderNavbar({ ...localUser, firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' });
    expect(screen.getByText('Ada Lovelace')).toBeTruthy();
    expect(screen.getAllByText('ada@example.com')).toHaveLength(1);
  });

  it('uses the sender name from Settings for a user the sign-in gave no name', async () => {
    renderNavbar(localUser, 'Grace Hopper');
    expect(await screen.findByText('Grace Hopper')).toBeTruthy();
    expect(screen.getAllByText('you@localhost')).toHaveLength(1);
    // The avatar's initials are the name's beside it, not the "Y" of you@localhost.
    expect(screen.getByText('GH')).toBeTruthy();
    expect(screen.queryByText('Y')).toBeNull();
  });

  it('shows the email once when there is no name at all', async () => {
    renderNavbar(localUser, null);
    // Once the sender settings (without a name) are in.
    await waitFor(() =>
      expect(vi.mocked(fetch)).toHaveBeenCalledWith('/api/sender-settings', expect.anything()),
    );
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.getAllByText('you@localhost')).toHaveLength(1);
  });

  it("shows the inbox's unread answers beside its link", async () => {
    renderNavbar(localUser, undefined, 12);
    const inbox = await screen.findByRole('link', { name: 'Inbox 12 unread' });
    expect(inbox.getAttribute('href')).toBe('/inbox');
    expect(within(inbox).getByText('12')).toBeTruthy();
  });

  it('shows no count when every answer is read', async () => {
    renderNavbar(localUser, undefined, 0);
    await waitFor(() =>
      expect(vi.mocked(fetch)).toHaveBeenCalledWith('/api/inbox/unread', expect.anything()),
    );
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.getByRole('link', { name: 'Inbox' })).toBeTruthy();
    expect(screen.queryByText(/unread/)).toBeNull();
  });
});
