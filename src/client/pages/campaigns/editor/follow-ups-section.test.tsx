import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Campaign, DEFAULT_SEND_WINDOW } from '../../../../contract/campaigns';
import type { Template } from '../../../../contract/templates';
import { createQueryClient } from '../../../api';
import { senderSettingsQuery } from '../../settings/use-save-sender-settings';
import { activeTemplatesQuery } from '../../templates/template-queries';
import { CampaignEditor } from './campaign-editor';

const template = (id: number, name: string, variables = ['email']): Template => ({
  id,
  name,
  type: 'template',
  subjectTemplate: 'Hi',
  bodyTemplate: '<p>Hi {{ email }}</p>',
  aiInstructions: null,
  variables,
  createdAt: '2025-01-01T00:00:00.000Z',
  archivedAt: null,
});

const draft: Campaign = {
  id: 1,
  name: 'Expo',
  description: null,
  notes: null,
  status: 'draft',
  templateId: 1,
  recipientCount: 3,
  columnMapping: { email: 'E-mail' },
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

/** A fake server for the editor of `campaign`; returns the bodies of the campaign saves it answered. */
function stubServer(campaign: Campaign) {
  const saves: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.startsWith('/api/campaigns/1/recipients?')) {
        const row = {
          id: 1,
          campaignId: 1,
          email: 'a@example.com',
          company: null,
          jobTitle: null,
          rowNumber: 2,
        };
        return Response.json({
          items: [{ ...row, data: { 'E-mail': 'a@example.com', Organisation: 'Acme' } }],
          total: 3,
          limit: 1,
          offset: 0,
        });
      }
      if (url === '/api/campaigns/1' && init?.method === 'PUT') {
        const body = JSON.parse(String(init.body));
        saves.push(body);
        return Response.json({ ...campaign, ...body });
      }
      return Response.json([]);
    }),
  );
  return saves;
}

function renderEditor(campaign: Campaign = draft) {
  const client = createQueryClient();
  client.setQueryData(senderSettingsQuery.queryKey, { defaultUnsubscribeMessage: 'Acme' });
  client.setQueryData(activeTemplatesQuery.queryKey, [
    template(1, 'Intro'),
    template(2, 'Nudge'),
    template(3, 'Check-in', ['email', 'company_name']),
  ]);
  const onClose = vi.fn();
  render(
    <MantineProvider env="test">
      <Notifications />
      <QueryClientProvider client={client}>
        <CampaignEditor campaign={campaign} onClose={onClose} onSaved={() => {}} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { onClose };
}

const step = (n: number) => screen.getByRole('group', { name: `Step ${n}` });
const delayOf = (n: number) => within(step(n)).getByLabelText(/Send after \(days\)/) as HTMLInputElement;
const addFollowUp = () => fireEvent.click(screen.getByRole('button', { name: 'Add follow-up' }));
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Update Campaign' }));

afterEach(() => {
  vi.unstubAllGlobals();
});

// The whole campaign editor renders for each test, and a test clicks through it many times: alone
// that takes about a second, but on a shared two-core machine under load it has passed the default
// five seconds. The deadline is for liveness, not a timing.
describe('the Follow-ups section', { timeout: 20_000 }, () => {
  it('shows the campaign template as step 1, and a follow-up without a template by its step', () => {
    stubServer(draft);
    renderEditor();
    expect(within(step(1)).getByText('Template: Intro (Template)')).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Step 2' })).toBeNull();

    addFollowUp();
    expect(delayOf(2).value).toBe('3');
    expect(within(step(2)).getByRole('switch', { name: /Business days only/ })).toHaveProperty(
      'checked',
      true,
    );
    expect(within(step(2)).getByText('Select a template for step 2')).toBeTruthy();
  });

  it('adds, reorders and removes follow-ups, and saves them in their new order', async () => {
    const saves = stubServer(draft);
    const { onClose } = renderEditor();
    addFollowUp();
    addFollowUp();
    fireEvent.change(delayOf(2), { target: { value: '5' } });
    fireEvent.change(delayOf(3), { target: { value: '7' } });
    fireEvent.click(within(step(3)).getByRole('switch', { name: /Business days only/ }));

    // The first follow-up cannot go higher, nor the last lower.
    expect(screen.getByRole('button', { name: 'Move step 2 up' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Move step 3 down' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Move step 3 up' }));
    expect(delayOf(2).value).toBe('7');
    expect(delayOf(3).value).toBe('5');
    expect(within(step(2)).getByRole('switch', { name: /Business days only/ })).toHaveProperty(
      'checked',
      false,
    );

    // The step now numbered 3 (5 days) goes; the 7-day one stays as step 2.
    fireEvent.click(screen.getByRole('button', { name: 'Remove step 3' }));
    expect(screen.queryByRole('group', { name: 'Step 3' })).toBeNull();
    expect(delayOf(2).value).toBe('7');

    save();
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]).toMatchObject({
      steps: [{ delayDays: 7, businessDays: false, templateId: null }],
      sendWindow: DEFAULT_SEND_WINDOW,
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('saves the template chosen for a follow-up', async () => {
    const saves = stubServer(draft);
    renderEditor();
    addFollowUp();
    fireEvent.click(within(step(2)).getByLabelText('Template', { selector: 'input' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Nudge (Template)' }));
    expect(within(step(2)).queryByText('Select a template for step 2')).toBeNull();
    save();
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]?.steps).toEqual([{ delayDays: 3, businessDays: true, templateId: 2 }]);
  });

  it("maps a variable only a follow-up's template uses, names its step, and saves it", async () => {
    const saves = stubServer(draft);
    renderEditor();
    const chooseStep2Template = async (name: string) => {
      fireEvent.click(within(step(2)).getByLabelText('Template', { selector: 'input' }));
      fireEvent.click(await screen.findByRole('option', { name }));
    };
    expect(screen.queryByLabelText('company_name', { selector: 'input' })).toBeNull();
    addFollowUp();
    await chooseStep2Template('Nudge (Template)');
    await chooseStep2Template('Check-in (Template)');

    const company = screen.getByLabelText('company_name', { selector: 'input' });
    const note = document.getElementById(company.getAttribute('aria-describedby') ?? '');
    expect(note?.textContent).toBe('Used by step 2');
    // The saved columns load with the recipients, after the first render.
    await waitFor(() => expect(company).toHaveProperty('disabled', false));
    fireEvent.click(company);
    fireEvent.click(await screen.findByRole('option', { name: 'Organisation' }));

    save();
    await waitFor(() => expect(saves).toHaveLength(1));
    // Changing the follow-up's template kept the email column; the follow-up's variable has its own.
    expect(saves[0]?.columnMapping).toEqual({ email: 'E-mail', company_name: 'Organisation' });
  });

  it('stops at five follow-ups and says why', () => {
    stubServer(draft);
    renderEditor();
    const add = screen.getByRole('button', { name: 'Add follow-up' });
    for (let i = 0; i < 5; i++) fireEvent.click(add);
    expect(screen.getByRole('group', { name: 'Step 6' })).toBeTruthy();
    expect(add).toHaveProperty('disabled', true);
    expect(screen.getByText('A campaign can have at most 5 follow-ups.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove step 4' }));
    expect(add).toHaveProperty('disabled', false);
  });

  it('refuses an empty delay inline and does not save', async () => {
    const saves = stubServer(draft);
    renderEditor();
    addFollowUp();
    fireEvent.change(delayOf(2), { target: { value: '' } });
    expect(within(step(2)).getByText('Enter a number of days from 1 to 365')).toBeTruthy();
    save();
    expect(await screen.findByText('Step 2: Enter a number of days from 1 to 365')).toBeTruthy();
    expect(saves).toHaveLength(0);
  });
});

describe('the sending window', { timeout: 20_000 }, () => {
  it('starts from the campaign and saves the days and times chosen', async () => {
    const saves = stubServer(draft);
    renderEditor({ ...draft, sendWindow: { days: [2, 4], startMinute: 8 * 60, endMinute: 12 * 60 } });
    expect(screen.getByRole('checkbox', { name: 'Tue' })).toHaveProperty('checked', true);
    expect(screen.getByRole('checkbox', { name: 'Mon' })).toHaveProperty('checked', false);
    expect((screen.getByLabelText('Start time') as HTMLInputElement).value).toBe('08:00');

    fireEvent.click(screen.getByRole('checkbox', { name: 'Sat' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Tue' }));
    fireEvent.change(screen.getByLabelText(/End time/), { target: { value: '18:30' } });
    save();
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]?.sendWindow).toEqual({ days: [4, 6], startMinute: 8 * 60, endMinute: 18 * 60 + 30 });
  });

  it('shows an end before the start inline, and saves nothing until it is fixed', async () => {
    const saves = stubServer(draft);
    renderEditor();
    const end = screen.getByLabelText(/End time/);
    fireEvent.change(end, { target: { value: '08:00' } });
    expect(screen.getByText('The end time must be after the start time')).toBeTruthy();
    expect(end.getAttribute('aria-invalid')).toBe('true');

    save();
    expect(await screen.findByText('Sending window: The end time must be after the start time')).toBeTruthy();
    expect(saves).toHaveLength(0);

    fireEvent.change(end, { target: { value: '10:00' } });
    expect(screen.queryByText('The end time must be after the start time')).toBeNull();
    save();
    await waitFor(() => expect(saves).toHaveLength(1));
  });

  it('needs at least one day', () => {
    stubServer(draft);
    renderEditor({ ...draft, sendWindow: { ...DEFAULT_SEND_WINDOW, days: [3] } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Wed' }));
    const days = screen.getByRole('group', { name: 'Days' });
    expect(within(days).getByText('Choose at least one day')).toBeTruthy();
  });
});
