import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../api';
import { formatDateTime } from '../../../format-date';
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
      return new Response('Not here', { status: 404, statusText: 'Not Found' });
    }),
  );
  return calls;
}

function renderDialog() {
  return render(
    <MantineProvider env="test">
      <Notifications />
      <QueryClientProvider client={createQueryClient()}>
        <ScheduledEmailsDialog opened campaign={null} onClose={() => {}} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ScheduledEmailsDialog', () => {
  it('lists subject, recipient, campaign and time', async () => {
    stubServer([scheduled(1)]);
    renderDialog();

    const table = await screen.findByRole('table', { name: 'Scheduled emails' });
    const row = within(table).getAllByRole('row')[1];
    expect(row?.textContent).toContain('Hello 1');
    expect(row?.textContent).toContain('r1@example.com');
    expect(row?.textContent).toContain('Expo follow-up');
    expect(row?.textContent).toContain(formatDateTime(at));
    expect(row?.textContent).not.toContain('Step');
  });

  it("names a follow-up's step beside its due time", async () => {
    stubServer([{ ...scheduled(2), step: 3 }]);
    renderDialog();

    const table = await screen.findByRole('table', { name: 'Scheduled emails' });
    const row = within(table).getAllByRole('row')[1];
    expect(row?.textContent).toContain('Step 3 · follow-up');
    expect(row?.textContent).toContain(formatDateTime(at));
  });

  it('puts a deleted email back to draft', async () => {
    const calls = stubServer([scheduled(1)]);
    renderDialog();

    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
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

    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
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

    fireEvent.click(await screen.findByRole('button', { name: 'Send Now' }));
    expect(await screen.findByText('You are logged out. Logging in again...')).toBeTruthy();
  });
});
