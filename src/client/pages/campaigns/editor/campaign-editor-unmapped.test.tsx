import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Campaign, DEFAULT_SEND_WINDOW } from '../../../../contract/campaigns';
import type { Template } from '../../../../contract/templates';
import { createQueryClient } from '../../../api';
import { senderSettingsQuery } from '../../settings/use-save-sender-settings';
import { activeTemplatesQuery } from '../../templates/template-queries';
import { CampaignEditor } from './campaign-editor';

const template: Template = {
  id: 5,
  name: 'Expo prompt',
  type: 'prompt',
  subjectTemplate: '',
  bodyTemplate: '',
  aiInstructions: 'Write to {{ first_name }} about {{ info }}',
  variables: ['email', 'first_name', 'info'],
  createdAt: '2025-01-01T00:00:00.000Z',
  archivedAt: null,
};

const campaign: Campaign = {
  id: 1,
  name: 'Expo',
  description: null,
  notes: null,
  status: 'draft',
  templateId: 5,
  recipientCount: 27,
  columnMapping: { email: 'E-mail', first_name: 'First' },
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

const saved: { body?: { columnMapping?: Record<string, string> } } = {};

beforeEach(() => {
  delete saved.body;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.includes('/recipients'))
        return Response.json({
          items: [
            {
              id: 1,
              campaignId: 1,
              email: 'ava@x.test',
              company: null,
              jobTitle: null,
              rowNumber: 2,
              data: {
                'E-mail': 'ava@x.test',
                First: 'Ava',
                Organisation: 'Globex',
                Notes: 'Met at the expo',
              },
            },
          ],
          total: 27,
          limit: 1,
          offset: 0,
        });
      if (init?.method === 'PUT') {
        saved.body = JSON.parse(String(init.body));
        return Response.json({ ...campaign, columnMapping: saved.body?.columnMapping ?? {} });
      }
      return Response.json([]);
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderEditor() {
  const client = createQueryClient();
  client.setQueryData(senderSettingsQuery.queryKey, { defaultUnsubscribeMessage: 'Acme' });
  client.setQueryData(activeTemplatesQuery.queryKey, [template]);
  const onSaved = vi.fn();
  render(
    <MantineProvider env="test">
      <Notifications />
      <QueryClientProvider client={client}>
        <CampaignEditor campaign={campaign} onClose={() => {}} onSaved={onSaved} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return onSaved;
}

const question = () =>
  screen.findByRole('dialog', { name: 'Some variables have no column' }, { timeout: 5000 });

describe('saving with a variable no column fills (issue #28)', { timeout: 60_000 }, () => {
  it('asks first, naming the likely column, and one click maps it before saving', async () => {
    const onSaved = renderEditor();
    // The saved columns are read, so the mapping lists them.
    await screen.findByText(/Columns imported/, undefined, { timeout: 5000 });
    fireEvent.click(screen.getByRole('button', { name: 'Update Campaign' }));
    const dialog = await question();
    expect(dialog.textContent).toContain('info');
    expect(dialog.textContent).toContain('probably means the column Notes');
    expect(saved.body).toBeUndefined();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Map to Notes' }));
    const done = await screen.findByRole('dialog', { name: 'Every variable has a column' });
    fireEvent.click(within(done).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1), { timeout: 5000 });
    expect(saved.body?.columnMapping).toEqual({ email: 'E-mail', first_name: 'First', info: 'Notes' });
  });

  it('saves without the variable only when the person says so', async () => {
    const onSaved = renderEditor();
    await screen.findByText(/Columns imported/, undefined, { timeout: 5000 });
    fireEvent.click(screen.getByRole('button', { name: 'Update Campaign' }));
    fireEvent.click(within(await question()).getByRole('button', { name: 'Back to mapping' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: /variables have no column/ })).toBeNull(),
    );
    expect(onSaved).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Update Campaign' }));
    fireEvent.click(within(await question()).getByRole('button', { name: 'Save without them' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1), { timeout: 5000 });
    expect(saved.body?.columnMapping).toEqual({ email: 'E-mail', first_name: 'First' });
  });
});
