import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Campaign } from '../../../../contract/campaigns';
import { createQueryClient } from '../../../api';
import { formatZonedDateTime } from '../../../format-zoned-time';
import type { ScheduledEmail } from '../emails/email-queries';
import { ScheduledEmailsDialog } from './scheduled-emails-dialog';

const at = new Date(2030, 0, 2, 10, 0).toISOString();

const scheduled = (id: number): ScheduledEmail => ({
  id,
  campaignId: 7,
  recipientId: id,
  step: 1,
  subject: `Hello ${id}`,
  body: '<p>Hi</p>',
  isApproved: true,
  isEdited: false,
  status: 'scheduled',
  errorMessage: null,
  attentionReason: null,
  findings: null,
  findingsDismissed: false,
  needsAttention: false,
  sentAt: null,
  scheduledFor: at,
  messageId: null,
  repliedAt: null,
  bouncedAt: null,
  bounceKind: null,
  recipient: { email: `r${id}@example.com`, company: null, jobTitle: null },
  campaign: { id: 7, name: 'Expo follow-up' },
});

function stubServer(items: ScheduledEmail[], status = 200) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (url.startsWith('/api/scheduled-emails?')) {
        return Response.json({ items, total: items.length, limit: 20, offset: 0 });
      }
      if (status !== 200) return new Response('Unauthorized', { status, statusText: 'Unauthorized' });
      if (method === 'PUT') return Response.json({ ...items[0], ...JSON.parse(String(init?.body)) });
      // One of the ids has left the schedule meanwhile: the server counts one less.
      const ids = init?.body ? (JSON.parse(String(init.body)).ids as number[]) : [];
      if (url === '/api/emails/unschedule') return Response.json({ unscheduled: ids.length - 1 });
      if (url === '/api/emails/reschedule') return Response.json({ rescheduled: ids.length, keptDueTime: 0 });
      return new Response('Not here', { status: 404, statusText: 'Not Found' });
    }),
  );
  return calls;
}

function renderDialog(campaign: Campaign | null = null) {
  return render(
    <MantineProvider env="test">
      <Notifications />
      <QueryClientProvider client={createQueryClient()}>
        <ScheduledEmailsDialog opened campaign={campaign} onClose={() => {}} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

/** Opens a row's actions menu and picks `item` in it. */
async function pick(recipient: string, item: string) {
  fireEvent.click(await screen.findByRole('button', { name: `Actions for the email to ${recipient}` }));
  fireEvent.click(await screen.findByRole('menuitem', { name: item }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ScheduledEmailsDialog', () => {
  it('lists subject, recipient, campaign and time with its zone', async () => {
    stubServer([scheduled(1)]);
    renderDialog();

    const table = await screen.findByRole('table', { name: 'Scheduled emails' });
    const row = within(table).getAllByRole('row')[1];
    expect(row?.textContent).toContain('Hello 1');
    expect(row?.textContent).toContain('r1@example.com');
    expect(row?.textContent).toContain('Expo follow-up');
    expect(row?.textContent).toContain(formatZonedDateTime(at));
    // The zone is named after the time ("UTC", "GMT+1", "PST"...).
    expect(formatZonedDateTime(at)).toMatch(/\d{1,2}:\d{2} [AP]M [A-Z]/);
    expect(row?.textContent).not.toContain('Step');
  });

  it('keeps a long address on one line, cut with an ellipsis, the whole of it on hover', async () => {
    const address = 'a.very.long.recipient.address.of.someone@subdomain.example-company.com';
    stubServer([{ ...scheduled(1), recipient: { email: address, company: null, jobTitle: null } }]);
    renderDialog();

    const table = await screen.findByRole('table', { name: 'Scheduled emails' });
    const cell = within(table).getByText(address);
    expect(cell.getAttribute('title')).toBe(address);
    expect(cell.hasAttribute('data-truncate')).toBe(true);
  });

  it("names a follow-up's step beside its due time", async () => {
    stubServer([{ ...scheduled(2), step: 3 }]);
    renderDialog();

    const table = await screen.findByRole('table', { name: 'Scheduled emails' });
    const row = within(table).getAllByRole('row')[1];
    expect(row?.textContent).toContain('Step 3 · follow-up');
    expect(row?.textContent).toContain(formatZonedDateTime(at));
  });

  it('puts a deleted email back to draft', async () => {
    const calls = stubServer([scheduled(1)]);
    renderDialog();

    await pick('r1@example.com', 'Delete');
    const confirm = await screen.findByRole('dialog', { name: 'Delete Scheduled Email' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')).toEqual({
      method: 'PUT',
      url: '/api/emails/1',
      body: { status: 'draft', scheduledFor: null },
    });
    expect(await screen.findByText('Scheduled email deleted')).toBeTruthy();
  });

  it('starts Edit from the scheduled time and refuses a past one', async () => {
    const calls = stubServer([scheduled(1)]);
    renderDialog();

    await pick('r1@example.com', 'Edit time');
    const edit = await screen.findByRole('dialog', { name: 'Edit Scheduled Time' });
    const time = within(edit).getByLabelText(/Time/);
    expect((time as HTMLInputElement).value).toBe('10:00');
    fireEvent.change(time, { target: { value: '' } });
    fireEvent.click(within(edit).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please select both date and time')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('logs out on a 401', async () => {
    stubServer([scheduled(1)], 401);
    renderDialog();

    await pick('r1@example.com', 'Send now');
    expect(await screen.findByText('You are logged out. Logging in again...')).toBeTruthy();
  });

  it('unschedules the ticked emails together, and says when one had already left', async () => {
    const calls = stubServer([scheduled(1), scheduled(2), scheduled(3)]);
    renderDialog();

    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select the email to r1@example.com' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select the email to r3@example.com' }));
    const bar = screen.getByRole('group', { name: 'Selected emails' });
    expect(bar.textContent).toContain('2 emails selected');
    fireEvent.click(within(bar).getByRole('button', { name: 'Unschedule selected' }));
    const confirm = await screen.findByRole('dialog', { name: 'Unschedule Selected Emails' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Unschedule' }));

    expect(await screen.findByText('1 email unscheduled')).toBeTruthy();
    expect(screen.getByText(/1 email had already left the schedule/)).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      url: '/api/emails/unschedule',
      body: { ids: [1, 3] },
    });
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Selected emails' })).toBeNull());
  });

  it('reschedules every email of the page to one time', async () => {
    const calls = stubServer([scheduled(1), scheduled(2)]);
    renderDialog();

    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select all emails on this page' }));
    fireEvent.click(screen.getByRole('button', { name: 'Reschedule selected…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reschedule Selected Emails' });
    expect(dialog.textContent).toContain('When should the 2 emails go out?');
    fireEvent.change(within(dialog).getByLabelText(/Time/), { target: { value: '15:30' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reschedule' }));

    expect(await screen.findByText('2 emails rescheduled')).toBeTruthy();
    const call = calls.find((c) => c.method === 'POST');
    expect(call?.url).toBe('/api/emails/reschedule');
    const body = call?.body as { ids: number[]; scheduledFor: string };
    expect(body.ids).toEqual([1, 2]);
    const when = new Date(body.scheduledFor);
    expect([when.getFullYear(), when.getMonth(), when.getDate(), when.getHours(), when.getMinutes()]).toEqual(
      [2030, 0, 2, 15, 30],
    );
  });

  it("lists only the campaign's emails when opened from its card, and every campaign's on request", async () => {
    const calls = stubServer([scheduled(1)]);
    renderDialog({ id: 7, name: 'Expo follow-up' } as Campaign);

    expect(await screen.findByText('Scheduled emails of “Expo follow-up”.')).toBeTruthy();
    expect(calls[0]?.url).toBe('/api/scheduled-emails?limit=20&offset=0&campaignId=7');
    fireEvent.click(screen.getByRole('switch', { name: 'All campaigns' }));
    await waitFor(() => expect(calls.at(-1)?.url).toBe('/api/scheduled-emails?limit=20&offset=0'));
    expect(screen.getByText('Scheduled emails of all your campaigns.')).toBeTruthy();
  });
});
