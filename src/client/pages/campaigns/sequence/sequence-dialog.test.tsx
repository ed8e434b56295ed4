import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Campaign, DEFAULT_SEND_WINDOW } from '../../../../contract/campaigns';
import { createQueryClient } from '../../../api';
import { formatDateTime } from '../../../format-date';
import { SequenceDialog } from './sequence-dialog';
import type { SequenceRow } from './sequence-queries';
import { WAITING_FOR_STEP } from './sequence-state';

const campaign: Campaign = {
  id: 7,
  name: 'Expo follow-up',
  description: null,
  notes: null,
  status: 'sending',
  templateId: 1,
  recipientCount: 3,
  columnMapping: {},
  includeUnsubscribeLink: true,
  unsubscribeMessage: null,
  trackOpens: true,
  checkClaimsWithAi: true,
  claimCheck: { drafts: 0, tokens: 0 },
  steps: [
    { delayDays: 3, businessDays: true, templateId: 2 },
    { delayDays: 5, businessDays: true, templateId: 3 },
  ],
  sendWindow: DEFAULT_SEND_WINDOW,
  createdAt: '2025-08-01T00:00:00Z',
  archivedAt: null,
  generation: { processed: 9, total: 9, error: null },
};

const due = new Date(2030, 0, 2, 10, 0).toISOString();

const row = (recipientId: number, changes: Partial<SequenceRow> = {}): SequenceRow => ({
  recipientId,
  email: `r${recipientId}@example.com`,
  state: 'active',
  sentSteps: 1,
  nextStep: 2,
  dueAt: due,
  reason: null,
  ...changes,
});

/** A fake server holding `rows`; stopping one marks it stopped, as the server does. Returns the calls. */
function stubServer(rows: SequenceRow[]) {
  const calls: { method: string; url: string }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ method, url });
      if (url.startsWith('/api/campaigns/7/sequence?')) {
        return Response.json({ items: rows, total: rows.length, limit: 20, offset: 0 });
      }
      const stop = url.match(/^\/api\/campaigns\/7\/recipients\/(\d+)\/stop$/);
      if (stop && method === 'POST') {
        const index = rows.findIndex((r) => r.recipientId === Number(stop[1]));
        rows[index] = {
          ...rows[index]!,
          state: 'stopped',
          nextStep: null,
          dueAt: null,
          reason: 'Stopped by you on 25 Nov',
        };
        return Response.json(rows[index]);
      }
      if (url === '/api/campaigns/7/sequence/stop' && method === 'POST') {
        const active = rows.filter((r) => r.state === 'active').length;
        return Response.json({ stopped: active });
      }
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
        <SequenceDialog campaign={campaign} onClose={() => {}} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const rowOf = (email: string) => {
  const table = screen.getByRole('table', { name: 'Sequence by recipient' });
  const found = within(table)
    .getAllByRole('row')
    .find((r) => r.textContent?.includes(email));
  if (!found) throw new Error(`No row for ${email}`);
  return found;
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('SequenceDialog', () => {
  it("lists each recipient's state, steps and due time", async () => {
    stubServer([
      row(1),
      row(2, { dueAt: null }),
      row(3, { state: 'stopped', nextStep: null, dueAt: null, reason: 'Stopped: replied on 3 Dec' }),
      row(4, { state: 'finished', sentSteps: 3, nextStep: null, dueAt: null }),
    ]);
    renderDialog();

    await screen.findByRole('table', { name: 'Sequence by recipient' });
    expect(rowOf('r1@example.com').textContent).toContain('Active');
    expect(rowOf('r1@example.com').textContent).toContain('1 of 3');
    expect(rowOf('r1@example.com').textContent).toContain('Step 2');
    expect(rowOf('r1@example.com').textContent).toContain(formatDateTime(due));
    expect(rowOf('r2@example.com').textContent).toContain(WAITING_FOR_STEP);
    expect(rowOf('r3@example.com').textContent).toContain('Stopped: replied on 3 Dec');
    expect(rowOf('r4@example.com').textContent).toContain('Finished');
    // Only recipients with a step still to go can be stopped.
    expect(within(rowOf('r3@example.com')).queryByRole('button')).toBeNull();
    expect(within(rowOf('r4@example.com')).queryByRole('button')).toBeNull();
  });

  it("stops one recipient's follow-ups and reads the list again", async () => {
    const calls = stubServer([row(1), row(2)]);
    renderDialog();

    fireEvent.click(await screen.findByRole('button', { name: 'Stop follow-ups to r2@example.com' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      { method: 'POST', url: '/api/campaigns/7/recipients/2/stop' },
    ]);
    expect(await screen.findByText('No more follow-ups go to r2@example.com.')).toBeTruthy();
    // The list is read again: the stopped recipient shows why, and has no Stop any more.
    await waitFor(() => expect(rowOf('r2@example.com').textContent).toContain('Stopped by you on 25 Nov'));
    expect(screen.queryByRole('button', { name: 'Stop follow-ups to r2@example.com' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Stop follow-ups to r1@example.com' })).toBeTruthy();
    expect(calls.filter((c) => c.url.startsWith('/api/campaigns/7/sequence?')).length).toBeGreaterThan(1);
  });

  it('asks before stopping the whole sequence', async () => {
    const calls = stubServer([row(1), row(2)]);
    renderDialog();

    fireEvent.click(await screen.findByRole('button', { name: 'Stop sequence' }));
    const confirm = await screen.findByRole('dialog', { name: 'Stop sequence' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Stop sequence' }));
    const again = await screen.findByRole('dialog', { name: 'Stop sequence' });
    fireEvent.click(within(again).getByRole('button', { name: 'Stop all follow-ups' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      { method: 'POST', url: '/api/campaigns/7/sequence/stop' },
    ]);
    expect(await screen.findByText('2 follow-ups stopped: they will not be sent.')).toBeTruthy();
  });
});
