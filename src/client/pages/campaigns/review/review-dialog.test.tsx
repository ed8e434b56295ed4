import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Campaign, DEFAULT_SEND_WINDOW, type Email } from '../../../../contract/campaigns';
import type { EmailEvent, InboundEvent } from '../../../../contract/conversations';
import { allows } from '../../../../contract/email-rules';
import { createQueryClient } from '../../../api';
import type { Generation } from '../generation/use-generation';
import { ReviewDialog } from './review-dialog';

const campaign: Campaign = {
  id: 7,
  name: 'Expo follow-up',
  description: null,
  notes: null,
  status: 'ready',
  templateId: 1,
  recipientCount: 3,
  columnMapping: {},
  includeUnsubscribeLink: true,
  unsubscribeMessage: null,
  trackOpens: true,
  steps: [],
  sendWindow: DEFAULT_SEND_WINDOW,
  createdAt: '2025-08-01T00:00:00Z',
  archivedAt: null,
  generation: { processed: 3, total: 3, error: null },
};

const email = (id: number, changes: Partial<Email> = {}): Email => ({
  id,
  campaignId: 7,
  recipientId: id,
  step: 1,
  subject: `Hello ${id}`,
  body: `<p>Body ${id}</p>`,
  isApproved: false,
  isEdited: false,
  status: 'draft',
  errorMessage: null,
  attentionReason: null,
  sentAt: null,
  scheduledFor: null,
  messageId: null,
  repliedAt: null,
  bouncedAt: null,
  bounceKind: null,
  recipient: { email: `r${id}@example.com`, company: 'Acme', jobTitle: 'CTO' },
  ...changes,
});

const inbound = (id: number, changes: Partial<InboundEvent> = {}): EmailEvent => {
  const message: InboundEvent = {
    id,
    kind: 'reply',
    bounceKind: null,
    bounceStatus: null,
    bounceDiagnostic: null,
    fromAddress: 'r1@example.com',
    fromName: 'Robin Doe',
    subject: 'Re: Hello 1',
    snippet: 'Sounds good',
    link: null,
    receivedAt: '2025-08-02T09:00:00Z',
    ...changes,
  };
  return { type: 'inbound', at: message.receivedAt, message };
};

/**
 * A fake server holding `emails`, and each email's events by id; `regenerate` answers "Regenerate
 * step N" (by default, as the server does, dropping the step's drafts to write them again). Returns
 * the calls it answered.
 */
function stubServer(
  emails: Email[],
  events: Record<number, EmailEvent[]> = {},
  regenerate = (step: number) => {
    const kept = emails.filter((e) => e.step !== step || e.status !== 'draft');
    const regenerating = emails.length - kept.length;
    emails.splice(0, emails.length, ...kept);
    return Response.json({ regenerating });
  },
) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (url.startsWith('/api/campaigns/7/emails?')) {
      const approved = emails.filter((e) => e.isApproved);
      const sendable = approved.filter((e) => allows('send-approved', e.status)).length;
      const counts = { approved: approved.length, sendable };
      return Response.json({ items: emails, total: emails.length, limit: 50, offset: 0, counts });
    }
    if (url === '/api/campaigns/7/daily-stats') {
      return Response.json({ todaySentCount: 20, dailyLimit: 500, remainingToday: 480 });
    }
    const put = url.match(/^\/api\/emails\/(\d+)$/);
    if (put && method === 'PUT') {
      // Kept, so the refetch after the change sees it as a server would.
      const index = emails.findIndex((e) => e.id === Number(put[1]));
      emails[index] = { ...emails[index], ...JSON.parse(String(init?.body)) } as Email;
      return Response.json(emails[index]);
    }
    if (url === '/api/emails/1/send') {
      return Response.json({
        status: 'unsubscribed',
        unsubscribed: true,
        scheduledFor: null,
        email: emails[0],
      });
    }
    if (url === '/api/campaigns/7/approve-all' && method === 'POST') {
      return Response.json({ approved: 2 });
    }
    if (url === '/api/campaigns/7/regenerate-step' && method === 'POST') {
      return regenerate(JSON.parse(String(init?.body)).step);
    }
    const eventsOf = url.match(/^\/api\/emails\/(\d+)\/events$/);
    if (eventsOf) return Response.json({ events: events[Number(eventsOf[1])] ?? [] });
    return new Response('Not here', { status: 404, statusText: 'Not Found' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

function renderDialog(shown: Campaign = campaign, generation?: Generation) {
  const client = createQueryClient();
  const ui = (following?: Generation) => (
    <MantineProvider env="test">
      <Notifications />
      <QueryClientProvider client={client}>
        <ReviewDialog campaign={shown} onClose={() => {}} generation={following} />
      </QueryClientProvider>
    </MantineProvider>
  );
  const result = render(ui(generation));
  /** Renders again with the page's generation as it is now. */
  return { rerender: (following?: Generation) => result.rerender(ui(following)) };
}

/** The Campaigns page's generation as the review sees it: `generating` or not, with fixed progress. */
function fakeGeneration(generating = false) {
  return {
    start: vi.fn(),
    isGenerating: () => generating,
    progressOf: () => ({ progress: 50, processed: 3, total: 6, currentRecipient: 'r2@example.com' }),
  } satisfies Generation;
}

afterEach(() => {
  vi.unstubAllGlobals();
  // The toast store outlives a render: start each test with none.
  notifications.clean();
});

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
    expect(screen.getByRole('button', { name: 'Send Now (0)' })).toHaveProperty('disabled', true);

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
    expect(screen.queryByRole('button', { name: /^Send Now$/ })).toBeNull();
    expect(screen.getByRole('link', { name: /View raw message/ }).getAttribute('href')).toBe(
      '/api/emails/1/raw',
    );
  });

  it('approves an email and counts it', async () => {
    const calls = stubServer([email(1), email(2, { isApproved: true })]);
    renderDialog();

    expect(await screen.findByText('1 of 2 approved')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send Now (1)' })).toHaveProperty('disabled', false);
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

  it('explains why Approve All is off without an unsubscribe link', async () => {
    stubServer([email(1)]);
    renderDialog({ ...campaign, includeUnsubscribeLink: false });

    const approveAll = await screen.findByRole('button', { name: 'Approve All' });
    expect(approveAll).toHaveProperty('disabled', true);
    expect(
      screen.getByText('Without an unsubscribe link, each email must be approved individually.'),
    ).toBeTruthy();
  });

  it('tells when the recipient has unsubscribed', async () => {
    const calls = stubServer([email(1)]);
    renderDialog();

    await screen.findByText('Email 1 of 1');
    fireEvent.click(screen.getByRole('button', { name: 'Send Now' }));
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

    fireEvent.click(await screen.findByRole('button', { name: 'Schedule (1)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule approved emails' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Schedule All Approved' }));
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

  describe('with follow-ups', () => {
    const sequence: Campaign = {
      ...campaign,
      steps: [
        { delayDays: 3, businessDays: true, templateId: 2 },
        { delayDays: 5, businessDays: false, templateId: 3 },
      ],
    };
    const followUp = (id: number, changes: Partial<Email> = {}) =>
      email(id, { step: 2, subject: 'Re: Hello 1', recipientId: 1, ...changes });

    it('approves all of one step, and all of every step', async () => {
      const calls = stubServer([email(1), followUp(2)]);
      renderDialog(sequence);

      // Enabled once the counts are in.
      await screen.findByText('0 of 2 approved');
      const stepTwo = screen.getByRole('button', { name: 'Approve all of step 2' });
      expect(screen.getByRole('button', { name: 'Approve all of step 1' })).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Approve all of step 3' })).toBeTruthy();
      fireEvent.click(stepTwo);
      await waitFor(() => expect(calls.some((c) => c.url.endsWith('/approve-all'))).toBe(true));
      expect(calls.find((c) => c.url.endsWith('/approve-all'))).toEqual({
        method: 'POST',
        url: '/api/campaigns/7/approve-all',
        body: { step: 2 },
      });
      expect(await screen.findByText('All emails of step 2 approved')).toBeTruthy();

      fireEvent.click(screen.getByRole('button', { name: 'Approve All' }));
      await waitFor(() => expect(calls.filter((c) => c.url.endsWith('/approve-all'))).toHaveLength(2));
      // Every step: no body at all, as before follow-ups existed.
      expect(calls.filter((c) => c.url.endsWith('/approve-all'))[1]?.body).toBeUndefined();
    });

    it('refuses approval by step too without an unsubscribe link', async () => {
      stubServer([email(1), followUp(2)]);
      renderDialog({ ...sequence, includeUnsubscribeLink: false });

      // Once the counts are in, so the buttons are not just waiting for them.
      await screen.findByText('0 of 2 approved');
      expect(screen.getByRole('button', { name: 'Approve all of step 2' })).toHaveProperty('disabled', true);
      expect(screen.getByRole('button', { name: 'Approve All' })).toHaveProperty('disabled', true);
    });

    it("names each email's step, shows why one stopped and keeps a follow-up's subject", async () => {
      stubServer([
        email(1),
        followUp(2, { status: 'stopped', errorMessage: 'Stopped: replied on 3 Dec' }),
        followUp(3, { status: 'waiting', isApproved: true }),
        followUp(4),
      ]);
      renderDialog(sequence);

      expect(await screen.findByText('Step 1')).toBeTruthy();
      expect(screen.queryByText(/reply in the first email’s thread/)).toBeNull();

      fireEvent.click(screen.getByRole('button', { name: 'Next' }));
      expect(await screen.findByText('Step 2 · follow-up')).toBeTruthy();
      expect(screen.getByText('Stopped: replied on 3 Dec')).toBeTruthy();
      expect(screen.queryByText(/^Error:/)).toBeNull();

      fireEvent.click(screen.getByRole('button', { name: 'Next' }));
      expect(await screen.findByText('Follow-up waiting', { selector: '.mantine-Badge-label' })).toBeTruthy();
      expect(screen.getByText('Goes out when step 1 has been sent and this step falls due.')).toBeTruthy();

      fireEvent.click(screen.getByRole('button', { name: 'Next' }));
      await screen.findByText('Email 4 of 4');
      expect(
        screen.getByText('Follow-ups reply in the first email’s thread, so they keep its subject.'),
      ).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
      const subject = await screen.findByLabelText('Subject');
      expect(subject).toHaveProperty('readOnly', true);
      expect((subject as HTMLInputElement).value).toBe('Re: Hello 1');
    });

    it('names no step and offers no approval by step without follow-ups', async () => {
      stubServer([email(1)]);
      renderDialog();

      await screen.findByText('Email 1 of 1');
      expect(screen.queryByText('Step 1')).toBeNull();
      expect(screen.queryByRole('button', { name: /Approve all of step/ })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Regenerate…' })).toBeNull();
    });

    // Each test renders the whole review and clicks through a menu and a dialog: about half a second
    // alone, but on a shared two-core machine under load that has passed the default five seconds.
    // The deadline is for liveness, not a timing.
    describe('regenerating a step', { timeout: 20_000 }, () => {
      const emailReads = (calls: { url: string }[]) =>
        calls.filter((c) => c.url.startsWith('/api/campaigns/7/emails?')).length;

      /** Opens "Regenerate…" once the counts are in, picks `step`, and returns the question asked. */
      async function ask(step: number) {
        await screen.findByText('0 of 2 approved');
        fireEvent.click(screen.getByRole('button', { name: 'Regenerate…' }));
        fireEvent.click(await screen.findByRole('menuitem', { name: `Step ${step}` }));
        return screen.findByRole('dialog', { name: `Regenerate step ${step}` });
      }

      it('offers every step and asks first, and Cancel writes nothing again', async () => {
        const calls = stubServer([email(1), followUp(2)]);
        renderDialog(sequence, fakeGeneration());

        await screen.findByText('0 of 2 approved');
        fireEvent.click(screen.getByRole('button', { name: 'Regenerate…' }));
        const menu = await screen.findByRole('menu');
        expect(
          within(menu)
            .getAllByRole('menuitem')
            .map((item) => item.textContent),
        ).toEqual(['Step 1', 'Step 2', 'Step 3']);
        fireEvent.click(within(menu).getByRole('menuitem', { name: 'Step 2' }));

        const question = await screen.findByRole('dialog', { name: 'Regenerate step 2' });
        expect(
          within(question).getByText(
            'The step’s emails still in review are written again from its template and the current thread. Their edits and approvals are lost; emails already on their way or sent stay as they are.',
          ),
        ).toBeTruthy();
        expect(within(question).getByRole('button', { name: 'Regenerate' })).toBeTruthy();
        fireEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
        await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Regenerate step 2' })).toBeNull());
        expect(calls.some((c) => c.url.endsWith('/regenerate-step'))).toBe(false);
        // The review is still there.
        expect(screen.getByText('Email 1 of 2')).toBeTruthy();
      });

      it('asks the server to write the step again, says so, reads the emails again and follows the generation', async () => {
        const calls = stubServer([email(1), followUp(2)]);
        const generation = fakeGeneration();
        renderDialog(sequence, generation);

        const question = await ask(2);
        const readsBefore = emailReads(calls);
        fireEvent.click(within(question).getByRole('button', { name: 'Regenerate' }));

        expect(await screen.findByText('Step 2 is being written again')).toBeTruthy();
        expect(screen.getByText('1 email to write again, as new drafts to review.')).toBeTruthy();
        expect(calls.filter((c) => c.url.endsWith('/regenerate-step'))).toEqual([
          { method: 'POST', url: '/api/campaigns/7/regenerate-step', body: { step: 2 } },
        ]);
        // The step's draft left the list: the review read it again.
        expect(await screen.findByText('Email 1 of 1')).toBeTruthy();
        expect(emailReads(calls)).toBeGreaterThan(readsBefore);
        await waitFor(() => expect(generation.start).toHaveBeenCalledTimes(1));
        expect(generation.start.mock.calls[0]?.[0]).toMatchObject({ id: 7 });
        await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Regenerate step 2' })).toBeNull());
      });

      it("shows the server's refusal as an error toast and starts nothing", async () => {
        const calls = stubServer([email(1), followUp(2)], {}, () =>
          Response.json({ message: 'Select a template for step 3' }, { status: 400 }),
        );
        const generation = fakeGeneration();
        renderDialog(sequence, generation);

        const question = await ask(3);
        fireEvent.click(within(question).getByRole('button', { name: 'Regenerate' }));

        expect(await screen.findByText('Select a template for step 3')).toBeTruthy();
        expect(screen.getByText('Error')).toBeTruthy();
        expect(calls.find((c) => c.url.endsWith('/regenerate-step'))?.body).toEqual({ step: 3 });
        expect(screen.queryByText('Step 3 is being written again')).toBeNull();
        expect(generation.start).not.toHaveBeenCalled();
        // The question stays, to try again or cancel.
        expect(screen.getByRole('dialog', { name: 'Regenerate step 3' })).toBeTruthy();
      });

      it('shows the progress while the emails are written, offers no regeneration meanwhile, and reads them once done', async () => {
        const calls = stubServer([email(1), followUp(2)]);
        const { rerender } = renderDialog(sequence, fakeGeneration(true));

        await screen.findByText('0 of 2 approved');
        expect(
          screen.getByRole('progressbar', { name: 'Generating emails for Expo follow-up' }),
        ).toBeTruthy();
        expect(screen.getByText('Writing for r2@example.com')).toBeTruthy();
        expect(screen.getByRole('button', { name: 'Regenerate…' })).toHaveProperty('disabled', true);

        const readsBefore = emailReads(calls);
        rerender(fakeGeneration(false));
        await waitFor(() => expect(emailReads(calls)).toBeGreaterThan(readsBefore));
        expect(screen.queryByRole('progressbar', { name: /Generating emails/ })).toBeNull();
        expect(screen.getByRole('button', { name: 'Regenerate…' })).toHaveProperty('disabled', false);
      });
    });
  });
});
