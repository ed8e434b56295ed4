import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Mailbox } from '../../../contract/mailboxes';
import { testMailbox } from '../../test-mailbox';
import { MailboxRow } from './mailbox-row';
import type { MailboxActions } from './use-mailbox-actions';

const idle = { isPending: false, mutate: () => {}, variables: undefined };
const actions = { makeDefault: idle, resume: idle } as unknown as MailboxActions;

const mailbox = (changes: Partial<Mailbox>): Mailbox =>
  testMailbox({ id: 3, kind: 'smtp', address: 'sales@acme.test', signIn: false, ...changes });

const renderRow = (m: Mailbox) =>
  render(
    <MantineProvider>
      <ul>
        <MailboxRow mailbox={m} actions={actions} onEdit={() => {}} onRemove={() => {}} />
      </ul>
    </MantineProvider>,
  );

describe('MailboxRow', () => {
  it('says when its replies could not be read, with the server’s words', () => {
    renderRow(
      mailbox({
        sync: {
          lastSyncedAt: '2026-11-28T09:00:00.000Z',
          lastError: 'The IMAP server refused the login: AUTHENTICATIONFAILED',
          lastErrorAt: '2026-11-28T10:00:00.000Z',
        },
      }),
    );
    expect(screen.getByText('Replies and bounces could not be read')).toBeTruthy();
    expect(screen.getByText(/The IMAP server refused the login: AUTHENTICATIONFAILED/)).toBeTruthy();
  });

  it('shows no warning while its sync is well, and its sending hours beside its kind', () => {
    renderRow(
      mailbox({
        sync: { lastSyncedAt: '2026-11-28T10:00:00.000Z', lastError: null, lastErrorAt: null },
        sendingHours: { days: [1, 2, 3, 4, 5], startMinute: 540, endMinute: 1020 },
      }),
    );
    expect(screen.queryByText('Replies and bounces could not be read')).toBeNull();
    expect(screen.getByText('Own SMTP server · Sends Mon–Fri 09:00–17:00')).toBeTruthy();
  });
});
