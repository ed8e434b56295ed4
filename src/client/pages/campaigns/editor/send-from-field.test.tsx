import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Campaign, DEFAULT_SEND_WINDOW } from '../../../../contract/campaigns';
import type { Mailbox } from '../../../../contract/mailboxes';
import type { Template } from '../../../../contract/templates';
import { createQueryClient } from '../../../api';
import { testMailbox } from '../../../test-mailbox';
import { senderSettingsQuery } from '../../settings/use-save-sender-settings';
import { activeTemplatesQuery } from '../../templates/template-queries';
import { CampaignEditor } from './campaign-editor';

const template: Template = {
  id: 1,
  name: 'Intro',
  type: 'template',
  subjectTemplate: 'Hi',
  bodyTemplate: '<p>Hi</p>',
  aiInstructions: null,
  variables: [],
  createdAt: '2025-01-01T00:00:00.000Z',
  archivedAt: null,
};

const expo: Campaign = {
  id: 1,
  name: 'Expo',
  description: null,
  notes: null,
  status: 'draft',
  templateId: 1,
  recipientCount: 3,
  columnMapping: {},
  includeUnsubscribeLink: true,
  unsubscribeMessage: 'Acme, 1 Main St',
  trackOpens: true,
  checkClaimsWithAi: true,
  claimCheck: { drafts: 0, tokens: 0 },
  steps: [],
  sendWindow: DEFAULT_SEND_WINDOW,
  createdAt: '2025-01-01T00:00:00.000Z',
  archivedAt: null,
  generation: { processed: 0, total: 0, error: null },
};

const mailbox = (id: number, address: string, changes: Partial<Mailbox> = {}): Mailbox =>
  testMailbox({ id, kind: 'smtp', address, signIn: false, ...changes });

const gmail = mailbox(1, 'pat@example.com', { kind: 'google', isDefault: true });
const sales = mailbox(2, 'sales@acme.test');
const someoneElses = mailbox(7, 'sam@acme.test');

interface Call {
  method: string;
  url: string;
  body?: unknown;
}

/** A fake server: `mine` are the signed-in person's mailboxes, `chosen` the campaign's reply. */
function stubServer(mine: Mailbox[], chosen: { mailboxIds: number[]; available: Mailbox[] }) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, url, body });
      if (url === '/api/mailboxes') return Response.json(mine);
      if (url === '/api/campaigns/1/mailboxes' && method === 'GET') return Response.json(chosen);
      if (url === '/api/campaigns/1/mailboxes' && method === 'PUT')
        return Response.json({ ...chosen, ...body });
      if (url === '/api/campaigns/1' && method === 'PUT') return Response.json({ ...expo, ...body });
      if (url === '/api/campaigns' && method === 'POST') return Response.json({ ...expo, ...body });
      return Response.json([]);
    }),
  );
  return calls;
}

function renderEditor(campaign: Campaign | null) {
  const client = createQueryClient();
  client.setQueryData(senderSettingsQuery.queryKey, { defaultUnsubscribeMessage: 'Acme' });
  client.setQueryData(activeTemplatesQuery.queryKey, [template]);
  const onClose = vi.fn();
  render(
    <MantineProvider env="test">
      <Notifications />
      <QueryClientProvider client={client}>
        <CampaignEditor campaign={campaign} onClose={onClose} onSaved={() => {}} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return onClose;
}

const sendFrom = () => within(screen.getByRole('group', { name: 'Send from' }));
const mailboxWrites = (calls: Call[]) =>
  calls.filter((c) => c.method === 'PUT' && c.url.endsWith('/mailboxes'));

afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

// The whole editor renders for each test; the deadline is for liveness on a shared machine.
describe('Send from', { timeout: 30_000 }, () => {
  it('offers my mailboxes, says the default sends when none is ticked, and saves a choice', async () => {
    const calls = stubServer([gmail, sales], { mailboxIds: [], available: [gmail, sales] });
    const onClose = renderEditor(expo);
    const group = sendFrom();
    expect(await group.findByText(/Sends from your default mailbox \(pat@example\.com\)/)).toBeTruthy();
    const salesBox = group.getByRole('checkbox', { name: 'sales@acme.test' });
    expect(salesBox).toHaveProperty('checked', false);
    expect(within(group.getByText('pat@example.com').closest('label')!).getByText('Default')).toBeTruthy();

    fireEvent.click(salesBox);
    expect(group.queryByText(/Sends from your default mailbox/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Update Campaign' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(mailboxWrites(calls)).toEqual([
      { method: 'PUT', url: '/api/campaigns/1/mailboxes', body: { mailboxIds: [2] } },
    ]);
  });

  it('saves nothing about mailboxes when the choice did not change', async () => {
    const calls = stubServer([gmail, sales], { mailboxIds: [2], available: [gmail, sales] });
    const onClose = renderEditor(expo);
    const salesBox = await sendFrom().findByRole('checkbox', { name: 'sales@acme.test' });
    expect(salesBox).toHaveProperty('checked', true);
    // Ticked off and on again: as saved.
    fireEvent.click(salesBox);
    fireEvent.click(salesBox);
    fireEvent.click(screen.getByRole('button', { name: 'Update Campaign' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(mailboxWrites(calls)).toEqual([]);
  });

  it('shows someone else’s campaign’s mailboxes without letting me change them', async () => {
    stubServer([gmail], { mailboxIds: [7], available: [someoneElses] });
    renderEditor(expo);
    expect(await sendFrom().findByText('sam@acme.test')).toBeTruthy();
    expect(sendFrom().queryByRole('checkbox')).toBeNull();
  });
});
