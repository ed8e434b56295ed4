import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Mailbox } from '../../../contract/mailboxes';
import { createQueryClient } from '../../api';
import { testMailbox } from '../../test-mailbox';
import { MailboxesCard } from './mailboxes-card';

const REFUSED =
  'The SMTP server refused the login: 535 5.7.8 Error: authentication failed. Check the user name and password.';

const mailbox = testMailbox;

const gmail = mailbox({ id: 1, isDefault: true, sentToday: 12, sent: 1200, replied: 36, bounced: 6 });
const sales = mailbox({
  id: 2,
  kind: 'smtp',
  signIn: false,
  address: 'sales@acme.test',
  displayName: 'Acme Sales',
  dailyLimit: 300,
  ownDailyLimit: true,
  smtp: { host: 'smtp.acme.test', port: 587, security: 'starttls', user: 'sales@acme.test' },
  imap: { host: 'imap.acme.test', port: 993, security: 'tls', user: 'sales@acme.test' },
});

interface Call {
  method: string;
  url: string;
  body?: unknown;
}

/**
 * A fake server holding `mailboxes`. A create or update answers `refuse(body)` when given (the
 * server's own error), else keeps the change as the server would. Returns the calls it answered.
 */
function stubServer(mailboxes: Mailbox[], refuse?: (body: Record<string, unknown>) => Response | null) {
  const calls: Call[] = [];
  let list = [...mailboxes];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, url, body });
      const id = Number(url.split('/')[3]);
      const refusal = body && refuse?.(body);
      if (refusal) return refusal;
      if (method === 'GET' && url === '/api/mailboxes') return Response.json(list);
      if (method === 'POST' && url === '/api/mailboxes') {
        const made = mailbox({ ...body, id: 9, kind: 'smtp', smtp: body.smtp, imap: body.imap });
        list = [...list, made];
        return Response.json(made);
      }
      if (method === 'PUT' && url === `/api/mailboxes/${id}`) {
        list = list.map((m) => (m.id === id ? { ...m, displayName: body.displayName ?? m.displayName } : m));
        return Response.json(list.find((m) => m.id === id));
      }
      if (method === 'DELETE' && url === `/api/mailboxes/${id}`) {
        list = list.filter((m) => m.id !== id);
        return Response.json({ ok: true });
      }
      return new Response('Not here', { status: 404, statusText: 'Not Found' });
    }),
  );
  return calls;
}

function renderCard() {
  render(
    <MantineProvider env="test">
      <Notifications />
      <QueryClientProvider client={createQueryClient()}>
        <MailboxesCard />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return within(screen.getByRole('region', { name: 'Mailboxes' }));
}

const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

/** Opens Add mailbox and fills what a mailbox on its own server needs. */
async function fillNewMailbox(card: ReturnType<typeof renderCard>, password: string) {
  fireEvent.click(await card.findByRole('button', { name: 'Add mailbox' }));
  await screen.findByRole('dialog', { name: 'Add a mailbox' });
  type(/^From address/, 'alice@peers.test');
  type('From name', 'Alice');
  type(/^SMTP server/, 'mail.peers.test');
  type(/^IMAP server/, 'mail.peers.test');
  type(/^SMTP password/, password);
  type(/^Daily limit/, '250');
}

const writes = (calls: Call[]) => calls.filter((c) => c.method !== 'GET');

afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

describe('MailboxesCard', () => {
  it('lists the mailboxes with their kind, the default, today’s use and what stops one sending', async () => {
    stubServer([
      gmail,
      sales,
      mailbox({
        id: 3,
        kind: 'microsoft',
        address: 'pat@contoso.test',
        state: 'needs_credentials',
        stateMessage: 'Outlook no longer lets Tailor send. Sign in with Microsoft again.',
      }),
      mailbox({
        id: 4,
        kind: 'server',
        address: 'pat@relay.test',
        state: 'paused',
        stateMessage: 'Paused: 12 of 40 emails bounced today. Check the list, then resume.',
      }),
    ]);
    const card = renderCard();
    const rows = await card.findAllByRole('listitem');
    expect(rows.map((row) => row.getAttribute('aria-label'))).toEqual([
      'pat@example.com',
      'sales@acme.test',
      'pat@contoso.test',
      'pat@relay.test',
    ]);
    const [first, second, third, fourth] = rows.map((row) => within(row));
    expect(first!.getByText('Default')).toBeTruthy();
    expect(first!.getByText('Gmail')).toBeTruthy();
    expect(first!.getByText('12 of 500 sent today')).toBeTruthy();
    expect(
      first!.getByText(`${(1200).toLocaleString()} sent · 36 replies · 6 hard bounces (0.5%)`),
    ).toBeTruthy();
    // The default can be neither removed nor made default again.
    expect(first!.queryByRole('button', { name: /Remove/ })).toBeNull();
    expect(first!.queryByRole('button', { name: /Make .* the default/ })).toBeNull();

    expect(second!.getByText('Acme Sales · Own SMTP server')).toBeTruthy();
    expect(second!.getByText('0 of 300 sent today')).toBeTruthy();
    expect(second!.getByText('Nothing sent yet')).toBeTruthy();
    expect(second!.queryByText('Default')).toBeNull();
    expect(second!.queryByRole('alert')).toBeNull();
    expect(second!.getByRole('button', { name: 'Remove sales@acme.test' })).toBeTruthy();

    expect(third!.getByText('Outlook')).toBeTruthy();
    // The mailbox of a sign-in account stays while the account does.
    expect(third!.queryByRole('button', { name: /Remove/ })).toBeNull();
    expect(third!.getByRole('button', { name: 'Make pat@contoso.test the default' })).toBeTruthy();
    expect(within(third!.getByRole('alert')).getByText('Needs a new login')).toBeTruthy();
    expect(third!.getByText(/Sign in with Microsoft again/)).toBeTruthy();
    expect(third!.queryByRole('button', { name: /Resume/ })).toBeNull();

    expect(fourth!.getByText("This server's relay")).toBeTruthy();
    expect(within(fourth!.getByRole('alert')).getByText('Paused')).toBeTruthy();
    expect(fourth!.getByText(/12 of 40 emails bounced today/)).toBeTruthy();
    expect(fourth!.getByRole('button', { name: 'Resume pat@relay.test' })).toBeTruthy();
  });

  it('adds a mailbox: IMAP logs in with SMTP’s user name and password while the box is ticked', async () => {
    const calls = stubServer([gmail]);
    const card = renderCard();
    await fillNewMailbox(card, 's3cret');
    fireEvent.click(screen.getByRole('button', { name: 'Save mailbox' }));

    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toEqual({
      method: 'POST',
      url: '/api/mailboxes',
      body: {
        address: 'alice@peers.test',
        displayName: 'Alice',
        smtp: {
          host: 'mail.peers.test',
          port: 587,
          security: 'starttls',
          user: 'alice@peers.test',
          password: 's3cret',
        },
        imap: {
          host: 'mail.peers.test',
          port: 993,
          security: 'tls',
          user: 'alice@peers.test',
          password: 's3cret',
        },
        dailyLimit: 250,
      },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await card.findByRole('listitem', { name: 'alice@peers.test' })).toBeTruthy();
  });

  it('sends no IMAP login when replies are not read, and moves a default port with the security', async () => {
    const calls = stubServer([gmail]);
    const card = renderCard();
    await fillNewMailbox(card, 's3cret');
    fireEvent.change(screen.getByLabelText('SMTP security'), { target: { value: 'none' } });
    expect(screen.getByLabelText<HTMLInputElement>('SMTP port').value).toBe('25');
    type('SMTP port', '2525');
    fireEvent.change(screen.getByLabelText('SMTP security'), { target: { value: 'tls' } });
    // A port the person typed stays.
    expect(screen.getByLabelText<HTMLInputElement>('SMTP port').value).toBe('2525');
    fireEvent.click(screen.getByRole('switch', { name: /Don't read replies from this mailbox/ }));
    expect(screen.queryByLabelText(/^IMAP server/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save mailbox' }));

    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]?.body).toMatchObject({
      smtp: { port: 2525, security: 'tls' },
      imap: null,
    });
  });

  it('shows the server’s refusal in the form, keeps what was typed, and saves once it is fixed', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const calls = stubServer([gmail], (body) => {
      const smtp = body.smtp as { password?: string } | undefined;
      if (smtp?.password !== 'wrong') return null;
      return Response.json({ error: 'mailbox_login', message: REFUSED }, { status: 422 });
    });
    // The first answer waits, so "Testing the login…" can be seen.
    const fetchStub = vi.mocked(fetch);
    const answer = fetchStub.getMockImplementation()!;
    fetchStub.mockImplementation(async (url, init) => {
      if (init?.method === 'POST') await held;
      return answer(url, init);
    });
    const card = renderCard();
    await fillNewMailbox(card, 'wrong');
    fireEvent.click(screen.getByRole('button', { name: 'Save mailbox' }));
    expect(await screen.findByText('Testing the login…')).toBeTruthy();
    release();

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(REFUSED)).toBeTruthy();
    const dialog = within(screen.getByRole('dialog', { name: 'Add a mailbox' }));
    expect(dialog.getByLabelText<HTMLInputElement>(/^From address/).value).toBe('alice@peers.test');
    expect(dialog.getByLabelText<HTMLInputElement>('From name').value).toBe('Alice');
    expect(dialog.getByLabelText<HTMLInputElement>(/^SMTP server/).value).toBe('mail.peers.test');
    expect(dialog.getByLabelText<HTMLInputElement>(/^IMAP server/).value).toBe('mail.peers.test');
    expect(dialog.getByLabelText<HTMLInputElement>(/^Daily limit/).value).toBe('250');
    expect(screen.queryByText('Testing the login…')).toBeNull();

    type(/^SMTP password/, 'right');
    fireEvent.click(screen.getByRole('button', { name: 'Save mailbox' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes(calls).map((c) => (c.body as { smtp: { password: string } }).smtp.password)).toEqual([
      'wrong',
      'right',
    ]);
    expect(await card.findByRole('listitem', { name: 'alice@peers.test' })).toBeTruthy();
  });

  it('says what is missing before asking the server', async () => {
    const calls = stubServer([gmail]);
    const card = renderCard();
    fireEvent.click(await card.findByRole('button', { name: 'Add mailbox' }));
    await screen.findByRole('dialog', { name: 'Add a mailbox' });
    type(/^Daily limit/, '5000');
    fireEvent.click(screen.getByRole('button', { name: 'Save mailbox' }));
    expect(await screen.findByText('Enter the address the emails are sent from')).toBeTruthy();
    expect(screen.getAllByText('Enter the server name')).toHaveLength(2);
    expect(screen.getByText('Enter the password')).toBeTruthy();
    expect(screen.getByText('A whole number from 1 to 2000')).toBeTruthy();
    expect(writes(calls)).toEqual([]);
  });

  it('edits a mailbox without its password when the password is left empty', async () => {
    const calls = stubServer([gmail, sales]);
    const card = renderCard();
    fireEvent.click(await card.findByRole('button', { name: 'Edit sales@acme.test' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit sales@acme.test' }));
    expect(dialog.getByLabelText<HTMLInputElement>(/^SMTP server/).value).toBe('smtp.acme.test');
    expect(dialog.getByLabelText<HTMLInputElement>(/^SMTP password/).value).toBe('');
    expect(dialog.getByLabelText<HTMLInputElement>(/^Daily limit/).value).toBe('300');
    type('From name', 'Acme Sales Team');
    type(/^SMTP server/, 'smtp2.acme.test');
    fireEvent.click(dialog.getByRole('button', { name: 'Save mailbox' }));

    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toEqual({
      method: 'PUT',
      url: '/api/mailboxes/2',
      body: {
        displayName: 'Acme Sales Team',
        smtp: { host: 'smtp2.acme.test', port: 587, security: 'starttls', user: 'sales@acme.test' },
      },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('makes a mailbox the default, and removes one after asking', async () => {
    const calls = stubServer([gmail, sales]);
    const card = renderCard();
    fireEvent.click(await card.findByRole('button', { name: 'Make sales@acme.test the default' }));
    await waitFor(() =>
      expect(writes(calls)).toEqual([{ method: 'PUT', url: '/api/mailboxes/2', body: { isDefault: true } }]),
    );

    fireEvent.click(card.getByRole('button', { name: 'Remove sales@acme.test' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Remove this mailbox?' }));
    fireEvent.click(confirm.getByRole('button', { name: 'Remove mailbox' }));
    await waitFor(() => expect(card.queryByRole('listitem', { name: 'sales@acme.test' })).toBeNull());
    expect(writes(calls).at(-1)).toEqual({ method: 'DELETE', url: '/api/mailboxes/2', body: undefined });
  });
});
