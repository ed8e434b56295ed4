import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../api';
import { formatDateTime } from '../../format-date';
import { ROTATED_SECRET, SECRET, stubWebhookServer, testEndpoint } from './webhook-test-server';
import { WebhooksCard } from './webhooks-card';

const URL_A = 'https://hooks.example.com/tailor';
const URL_B = 'https://old.example.com/gone';

function renderCard() {
  render(
    <MantineProvider env="test">
      <Notifications />
      <QueryClientProvider client={createQueryClient()}>
        <WebhooksCard />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return within(screen.getByRole('region', { name: 'Webhooks' }));
}

const rowOf = (card: ReturnType<typeof renderCard>, url: string) => card.getByText(url).closest('tr')!;

afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

describe('WebhooksCard', () => {
  it('lists each endpoint with its events, switch, backlog, last attempt and why Tailor turned it off', async () => {
    stubWebhookServer({
      endpoints: [
        testEndpoint({
          id: 1,
          pending: 2,
          failedThisWeek: 1,
          lastAttempt: { at: new Date(Date.now() - 5 * 60_000).toISOString(), status: 200, error: null },
        }),
        testEndpoint({
          id: 2,
          url: URL_B,
          description: '',
          eventTypes: ['email.sent', 'email.bounced'],
          enabled: false,
          disabledReason: 'It answered 410 Gone on Sun, 01 Mar 2026 10:00:00 GMT',
          previousSecretUntil: '2026-03-02T10:00:00.000Z',
        }),
      ],
    });
    const card = renderCard();
    const a = within((await card.findByText(URL_A)).closest('tr')!);
    expect(a.getByText('CRM sync')).toBeTruthy();
    expect(a.getByText('All events')).toBeTruthy();
    expect(a.getByRole('switch', { name: `Send events to ${URL_A}` })).toHaveProperty('checked', true);
    expect(a.getByText('2 waiting · 1 failed this week')).toBeTruthy();
    expect(a.getByText('Last attempt: HTTP 200, 5 minutes ago')).toBeTruthy();
    expect(a.queryByText(/Turned off by Tailor/)).toBeNull();

    const b = within(rowOf(card, URL_B));
    expect(b.getByText('email.sent')).toBeTruthy();
    expect(b.getByText('email.bounced')).toBeTruthy();
    expect(b.queryByText('All events')).toBeNull();
    expect(b.getByRole('switch', { name: `Send events to ${URL_B}` })).toHaveProperty('checked', false);
    expect(b.getByText(/^Turned off by Tailor: It answered 410 Gone/)).toBeTruthy();
    expect(b.getByText(`Old secret signs until ${formatDateTime('2026-03-02T10:00:00.000Z')}`)).toBeTruthy();
    expect(b.getByText('No attempts yet')).toBeTruthy();

    const reference = card.getByRole('link', { name: 'API reference' });
    expect(reference.getAttribute('href')).toBe('/api/reference');
    expect(card.getByText(/signed per Standard Webhooks/)).toBeTruthy();
  });

  it('turns an endpoint back on with its switch, which clears why Tailor turned it off', async () => {
    const calls = stubWebhookServer({
      endpoints: [
        testEndpoint({ id: 3, url: URL_B, enabled: false, disabledReason: 'It answered 410 Gone' }),
      ],
    });
    const card = renderCard();
    fireEvent.click(await card.findByRole('switch', { name: `Send events to ${URL_B}` }));
    await waitFor(() =>
      expect(calls).toContainEqual({ method: 'PUT', url: '/api/webhooks/3', body: { enabled: true } }),
    );
    await waitFor(() => expect(card.queryByText(/Turned off by Tailor/)).toBeNull());
    expect(card.getByRole('switch', { name: `Send events to ${URL_B}` })).toHaveProperty('checked', true);
  });

  it('adds an endpoint for the chosen events and shows its secret once, with a copy button', async () => {
    const calls = stubWebhookServer({ endpoints: [] });
    const card = renderCard();
    expect(await card.findByText('No endpoints yet.')).toBeTruthy();
    fireEvent.click(card.getByRole('button', { name: 'Add endpoint' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add webhook endpoint' }));
    fireEvent.change(dialog.getByLabelText(/^URL/), { target: { value: 'https://new.example.com/in' } });
    fireEvent.change(dialog.getByLabelText(/^Description/), { target: { value: 'Zapier' } });
    fireEvent.click(dialog.getByRole('checkbox', { name: 'email.replied' }));
    fireEvent.click(dialog.getByRole('checkbox', { name: 'email.bounced' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Add endpoint' }));

    const shown = within(await screen.findByRole('dialog', { name: 'Your endpoint’s signing secret' }));
    expect(shown.getByLabelText('Signing secret')).toHaveProperty('value', SECRET);
    expect(shown.getByRole('button', { name: 'Copy secret' })).toBeTruthy();
    expect(shown.getByText(/This secret is not shown again/)).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      url: 'https://new.example.com/in',
      description: 'Zapier',
      eventTypes: ['email.replied', 'email.bounced'],
    });
    // The list is read again; once the dialog is closed, the secret is nowhere on the page.
    expect(await card.findByText('https://new.example.com/in')).toBeTruthy();
    fireEvent.click(shown.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.body.innerHTML).not.toContain(SECRET);
  });

  it('rotates the secret only after a confirmation saying the old one signs for 24 hours', async () => {
    const calls = stubWebhookServer({ endpoints: [testEndpoint({ id: 5 })] });
    const card = renderCard();
    fireEvent.click(await card.findByRole('button', { name: `Rotate secret of ${URL_A}` }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Rotate the signing secret?' }));
    expect(confirm.getByText(/old secret keeps signing beside it for 24 hours/)).toBeTruthy();
    expect(calls.some((c) => c.url.endsWith('/rotate-secret'))).toBe(false);
    fireEvent.click(confirm.getByRole('button', { name: 'Rotate secret' }));

    const shown = within(await screen.findByRole('dialog', { name: 'Your new signing secret' }));
    expect(shown.getByLabelText('Signing secret')).toHaveProperty('value', ROTATED_SECRET);
    expect(shown.getByText(/This secret is not shown again/)).toBeTruthy();
    expect(calls).toContainEqual({ method: 'POST', url: '/api/webhooks/5/rotate-secret' });
    expect(
      await card.findByText(`Old secret signs until ${formatDateTime('2026-03-06T10:00:00.000Z')}`),
    ).toBeTruthy();
  });

  it('edits an endpoint from its current values', async () => {
    const calls = stubWebhookServer({ endpoints: [testEndpoint({ id: 6, eventTypes: ['email.sent'] })] });
    const card = renderCard();
    fireEvent.click(await card.findByRole('button', { name: `Edit ${URL_A}` }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit webhook endpoint' }));
    expect(dialog.getByLabelText(/^URL/)).toHaveProperty('value', URL_A);
    expect(dialog.getByRole('checkbox', { name: 'email.sent' })).toHaveProperty('checked', true);
    expect(dialog.getByRole('checkbox', { name: /^All events/ })).toHaveProperty('checked', false);
    fireEvent.change(dialog.getByLabelText(/^Description/), { target: { value: 'Warehouse' } });
    fireEvent.click(dialog.getByRole('checkbox', { name: /^All events/ }));
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls).toContainEqual({
        method: 'PUT',
        url: '/api/webhooks/6',
        body: { url: URL_A, description: 'Warehouse', eventTypes: [] },
      }),
    );
    expect(await card.findByText('Warehouse')).toBeTruthy();
    expect(card.getByText('All events')).toBeTruthy();
  });

  it('removes an endpoint only after its confirmation', async () => {
    const calls = stubWebhookServer({ endpoints: [testEndpoint({ id: 4 })] });
    const card = renderCard();
    fireEvent.click(await card.findByRole('button', { name: `Remove ${URL_A}` }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Remove this endpoint?' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(confirm.getByRole('button', { name: 'Remove endpoint' }));
    await waitFor(() => expect(calls).toContainEqual({ method: 'DELETE', url: '/api/webhooks/4' }));
    expect(await card.findByText('No endpoints yet.')).toBeTruthy();
  });
});
