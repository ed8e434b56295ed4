import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  bulkMenuItem,
  campaign,
  cleanUp,
  email,
  inbound,
  renderDialog,
  stubServer,
} from './review-dialog-fixtures';

afterEach(cleanUp);

describe('ReviewDialog', () => {
  it('shows one email at a time and moves with the buttons and arrow keys', async () => {
    stubServer([
      email(1, { attentionReason: 'No value for: company' }),
      email(2, { errorMessage: 'Mailbox full' }),
    ]);
    renderDialog();

    expect(await screen.findByText('Email 1 of 2')).toBeTruthy();
    expect(screen.getByText('r1@example.com')).toBeTruthy();
    expect(screen.getByText('Acme · CTO')).toBeTruthy();
    expect(screen.getByText('Pending')).toBeTruthy();
    expect(screen.getByText('No value for: company')).toBeTruthy();
    expect(screen.getByText('Body 1')).toBeTruthy();
    expect(screen.getByText('Daily limit: 20 of 500 sent today, 480 remaining')).toBeTruthy();
    expect(screen.getByText('0 of 2 approved')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send now (0)' })).toHaveProperty('disabled', true);

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Email 2 of 2')).toBeTruthy();
    expect(screen.getByText('Error: Mailbox full')).toBeTruthy();

    fireEvent.keyDown(document.body, { key: 'ArrowLeft' });
    expect(await screen.findByText('Email 1 of 2')).toBeTruthy();
    fireEvent.keyDown(document.body, { key: 'ArrowLeft' });
    expect(screen.getByText('Email 1 of 2')).toBeTruthy();
  });

  it('locks sent and scheduled emails and links a sent one to its raw message', async () => {
    stubServer([email(1, { status: 'sent', isApproved: true, sentAt: '2025-08-01T10:00:00Z' })]);
    renderDialog();

    expect(await screen.findByText('Sent', { selector: '.mantine-Badge-label' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit' })).toHaveProperty('disabled', true);
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Send now$/ })).toBeNull();
    expect(screen.getByRole('link', { name: /View raw message/ }).getAttribute('href')).toBe(
      '/api/emails/1/raw',
    );
  });

  it('approves an email and counts it', async () => {
    const calls = stubServer([email(1), email(2, { isApproved: true })]);
    renderDialog();

    expect(await screen.findByText('1 of 2 approved')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send now (1)' })).toHaveProperty('disabled', false);
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')).toEqual({
      method: 'PUT',
      url: '/api/emails/1',
      body: { isApproved: true },
    });
    await waitFor(() =>
      expect(screen.getByText('Approved', { selector: '.mantine-Badge-label' })).toBeTruthy(),
    );
  });

  it('explains why Approve all is off without an unsubscribe link', async () => {
    stubServer([email(1)]);
    renderDialog({ ...campaign, includeUnsubscribeLink: false });

    const approveAll = await bulkMenuItem('Approve all');
    expect(approveAll).toHaveProperty('disabled', true);
    expect(
      screen.getByText('Without an unsubscribe link, each email must be approved individually.'),
    ).toBeTruthy();
  });

  it('tells when the recipient has unsubscribed', async () => {
    const calls = stubServer([email(1)]);
    renderDialog();

    await screen.findByText('Email 1 of 1');
    fireEvent.click(screen.getByRole('button', { name: 'Send now' }));
    await waitFor(() => expect(calls.map((c) => c.url)).toContain('/api/emails/1/send'));
    expect(calls.find((c) => c.url === '/api/emails/1/send')?.body).toEqual({});
    expect(
      await screen.findByText('This recipient has unsubscribed and was not sent an email.'),
    ).toBeTruthy();
    expect(screen.getByText('Unsubscribed')).toBeTruthy();
  });

  it('asks for both date and time before scheduling', async () => {
    stubServer([email(1, { isApproved: true })]);
    renderDialog();

    await screen.findByText('1 of 1 approved');
    fireEvent.click(await bulkMenuItem('Schedule (1)…'));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule approved emails' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    expect(await screen.findByText('Please select both date and time')).toBeTruthy();
  });

  it('marks a replied and bounced email, and shows its conversation as plain text', async () => {
    const sent = { status: 'sent', sentAt: '2025-08-01T10:00:00Z', messageId: '<m1@tailor>' } as const;
    stubServer(
      [
        email(1, {
          ...sent,
          repliedAt: '2025-08-02T09:00:00Z',
          bouncedAt: '2025-08-01T11:00:00Z',
          bounceKind: 'soft',
        }),
      ],
      {
        1: [
          { type: 'sent', at: '2025-08-01T10:00:00Z' },
          inbound(11, {
            kind: 'bounce',
            bounceKind: 'soft',
            bounceStatus: '4.2.2',
            bounceDiagnostic: '452 Mailbox full',
            fromAddress: 'mailer-daemon@example.com',
            fromName: null,
            subject: 'Delivery delayed',
            snippet: '',
            receivedAt: '2025-08-01T11:00:00Z',
          }),
          inbound(12, { kind: 'auto-reply', subject: 'Out of office', snippet: 'Back on Monday' }),
          inbound(13, {
            snippet: '<b>x</b> thanks, call me',
            link: 'https://mail.google.com/mail/u/0/#inbox/18c2',
          }),
        ],
      },
    );
    renderDialog();

    expect(await screen.findByText('Replied', { selector: '.mantine-Badge-label' })).toBeTruthy();
    expect(screen.getByText('Bounced (soft)', { selector: '.mantine-Badge-label' })).toBeTruthy();
    const conversation = screen.getByRole('region', { name: 'Conversation' });

    const reply = await within(conversation).findByRole('article', { name: 'Reply from Robin Doe' });
    // The snippet is a stranger's text: its markup shows as characters and builds no element.
    expect(within(reply).getByText('<b>x</b> thanks, call me')).toBeTruthy();
    expect(reply.querySelector('b')).toBeNull();
    const open = within(reply).getByRole('link', { name: 'Open in Gmail' });
    expect(open.getAttribute('href')).toBe('https://mail.google.com/mail/u/0/#inbox/18c2');
    expect(open.getAttribute('target')).toBe('_blank');
    expect(open.getAttribute('rel')).toBe('noopener noreferrer');

    const auto = within(conversation).getByRole('article', { name: 'Auto-reply from Robin Doe' });
    expect(within(auto).getByText('Back on Monday')).toBeTruthy();
    expect(within(auto).queryByRole('link')).toBeNull();

    const bounce = within(conversation).getByRole('article', {
      name: 'Bounce (soft) from mailer-daemon@example.com',
    });
    expect(within(bounce).getByText(/Status 4\.2\.2/)).toBeTruthy();
    expect(within(bounce).getByText('452 Mailbox full')).toBeTruthy();
    // Oldest first, as the server lists them.
    expect(
      within(conversation)
        .getAllByRole('article')
        .map((a) => a.getAttribute('aria-label')),
    ).toEqual([
      'Bounce (soft) from mailer-daemon@example.com',
      'Auto-reply from Robin Doe',
      'Reply from Robin Doe',
    ]);
  });

  it('asks for no conversation before sending, and pages on with the arrow keys from a reply link', async () => {
    const sent = { status: 'sent', sentAt: '2025-08-01T10:00:00Z', messageId: '<m1@tailor>' } as const;
    const calls = stubServer([email(1, { ...sent, repliedAt: '2025-08-02T09:00:00Z' }), email(2)], {
      1: [inbound(13, { link: 'https://outlook.office365.com/owa/?ItemID=AAk%3D' })],
    });
    renderDialog();

    const link = await screen.findByRole('link', { name: 'Open in Outlook' });
    link.focus();
    fireEvent.keyDown(link, { key: 'ArrowRight' });
    expect(await screen.findByText('Email 2 of 2')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Conversation' })).toBeNull();
    expect(screen.queryByText('Replied', { selector: '.mantine-Badge-label' })).toBeNull();
    expect(calls.filter((c) => c.url.endsWith('/events')).map((c) => c.url)).toEqual([
      '/api/emails/1/events',
    ]);
  });

  it('says when a sent email has no replies or bounces yet', async () => {
    stubServer([email(1, { status: 'sent', sentAt: '2025-08-01T10:00:00Z', messageId: '<m1@tailor>' })], {
      1: [{ type: 'sent', at: '2025-08-01T10:00:00Z' }],
    });
    renderDialog();
    expect(await screen.findByText('No replies or bounces yet.')).toBeTruthy();
  });
});
