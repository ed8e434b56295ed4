import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../contract/auth';
import { MailboxReauthBanner } from './mailbox-reauth-banner';

const user: CurrentUser = {
  id: 1,
  profileImageUrl: null,
  firstName: 'Pat',
  lastName: null,
  email: 'pat@example.com',
  termsAcceptedAt: '2026-01-01T00:00:00.000Z',
  provider: 'microsoft',
  timeZone: 'UTC',
  mailboxNeedsReauth: true,
  isOperator: false,
};

const show = (u: CurrentUser) =>
  render(
    <MantineProvider>
      <MailboxReauthBanner user={u} />
    </MantineProvider>,
  );

describe('MailboxReauthBanner', () => {
  it('asks the user to sign in again with their provider while sending is paused', () => {
    show(user);
    expect(screen.getByText('Sending is paused')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in again' }).getAttribute('href')).toBe(
      '/api/auth/outlook',
    );
  });

  it('stays hidden while the mailbox is connected', () => {
    show({ ...user, mailboxNeedsReauth: false });
    expect(screen.queryByText('Sending is paused')).toBeNull();
  });
});
