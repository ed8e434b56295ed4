import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Campaign, DEFAULT_SEND_WINDOW } from '../../../../contract/campaigns';
import { createQueryClient } from '../../../api';
import { senderSettingsQuery } from '../../settings/use-save-sender-settings';
import { activeTemplatesQuery } from '../../templates/template-queries';
import { CampaignEditor } from './campaign-editor';

const draft: Campaign = {
  id: 1,
  name: 'Expo',
  description: null,
  notes: null,
  status: 'draft',
  templateId: null,
  recipientCount: 0,
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

function renderEditor(campaign: Campaign | null) {
  const client = createQueryClient();
  client.setQueryData(senderSettingsQuery.queryKey, { defaultUnsubscribeMessage: 'Acme' });
  client.setQueryData(activeTemplatesQuery.queryKey, []);
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

const nameField = () => screen.getByLabelText(/^Campaign Name/);
// Generous waits: the whole editor renders, on machines shared with other suites.
const unsavedDialog = () => screen.findByRole('dialog', { name: 'Unsaved Changes' }, { timeout: 5000 });

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json([])),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('closing the campaign editor', { timeout: 20_000 }, () => {
  it('closes at once while nothing changed', () => {
    const onClose = renderEditor(draft);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('asks before Cancel throws away a filled-in form, and Cancel in the question keeps it', async () => {
    const onClose = renderEditor(null);
    fireEvent.change(nameField(), { target: { value: 'Spring launch' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    const dialog = await unsavedDialog();
    expect(dialog.textContent).toContain('unsaved changes to this campaign');
    expect(onClose).not.toHaveBeenCalled();

    fireEvent.click(screen.getAllByRole('button', { name: 'Cancel' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Unsaved Changes' })).toBeNull(), {
      timeout: 5000,
    });
    expect(nameField()).toHaveProperty('value', 'Spring launch');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('asks on the X and on Escape too, and Exit Without Saving closes', async () => {
    const onClose = renderEditor(draft);
    fireEvent.change(nameField(), { target: { value: 'Expo 2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    fireEvent.click(within(await unsavedDialog()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Unsaved Changes' })).toBeNull(), {
      timeout: 5000,
    });

    fireEvent.keyDown(nameField(), { key: 'Escape' });
    fireEvent.click(within(await unsavedDialog()).getByRole('button', { name: 'Exit Without Saving' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('does not ask once the form is back to what it opened with', () => {
    const onClose = renderEditor(draft);
    fireEvent.change(nameField(), { target: { value: 'Expo 2026' } });
    fireEvent.change(nameField(), { target: { value: 'Expo' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
