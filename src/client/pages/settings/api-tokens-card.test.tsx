import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiTokenView, CreatedApiToken } from '../../../contract/api-tokens';
import { createQueryClient } from '../../api';
import { ApiTokensCard } from './api-tokens-card';

const SECRET = `tlr_${'s'.repeat(43)}`;

const token = (changes: Partial<ApiTokenView>): ApiTokenView => ({
  id: 1,
  name: 'CRM sync',
  prefix: 'tlr_ab12cd34',
  scopes: ['read'],
  madeBy: 'pat@example.com',
  createdAt: '2026-03-02T10:00:00.000Z',
  lastUsedAt: null,
  expiresAt: null,
  ...changes,
});

type Call = { method: string; url: string; body?: Record<string, unknown> };

/** A fake server holding `tokens`: a create answers the secret once, a revoke removes the token. */
function stubServer(tokens: ApiTokenView[]) {
  const calls: Call[] = [];
  let list = [...tokens];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, url, body });
      if (method === 'GET' && url === '/api/workspace/api-tokens') return Response.json(list);
      if (method === 'POST' && url === '/api/workspace/api-tokens') {
        const made: CreatedApiToken = {
          ...token({ id: 7, name: body.name, scopes: body.scopes, expiresAt: body.expiresAt ?? null }),
          prefix: SECRET.slice(0, 12),
          secret: SECRET,
        };
        const { secret: _secret, ...listed } = made;
        list = [listed, ...list];
        return Response.json(made);
      }
      const id = Number(url.split('/').pop());
      if (method === 'DELETE' && url === `/api/workspace/api-tokens/${id}`) {
        list = list.filter((k) => k.id !== id);
        return Response.json({ ok: true });
      }
      return new Response('Not here', { status: 404, statusText: 'Not Found' });
    }),
  );
  return calls;
}

function renderCard() {
  render(
    <MantineProvider env="test">
      <Notifications />
      <QueryClientProvider client={createQueryClient()}>
        <ApiTokensCard />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return within(screen.getByRole('region', { name: 'API tokens' }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

describe('ApiTokensCard', () => {
  it('lists each token with its prefix, scopes, maker, last use and expiry', async () => {
    stubServer([
      token({ id: 1, lastUsedAt: '2026-03-05T09:30:00.000Z', expiresAt: '2026-12-31T23:59:59.000Z' }),
      token({ id: 2, name: 'Zapier', prefix: 'tlr_zz99yy88', scopes: ['read', 'send'] }),
    ]);
    const card = renderCard();
    const crm = (await card.findByText('CRM sync')).closest('tr')!;
    expect(within(crm).getByText('tlr_ab12cd34…')).toBeTruthy();
    expect(within(crm).getByText('Mar 2, 2026')).toBeTruthy();
    expect(within(crm).getByText('by pat@example.com')).toBeTruthy();
    expect(within(crm).getByText(/^Mar 5, 2026/)).toBeTruthy();
    expect(within(crm).getByText('Dec 31, 2026')).toBeTruthy();
    const zapier = card.getByText('Zapier').closest('tr')!;
    expect(within(zapier).getByText('send')).toBeTruthy();
    expect(within(zapier).getAllByText('Never')).toHaveLength(2);
  });

  it('makes a token with the chosen scopes and shows its secret once, with a copy button', async () => {
    const calls = stubServer([]);
    const card = renderCard();
    expect(await card.findByText('No tokens yet.')).toBeTruthy();
    fireEvent.click(card.getByRole('button', { name: 'New token' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'New API token' }));
    fireEvent.change(dialog.getByLabelText(/^Name/), { target: { value: 'Nightly export' } });
    fireEvent.click(dialog.getByLabelText(/^Send:/));
    fireEvent.click(dialog.getByRole('button', { name: 'Make token' }));

    const shown = within(await screen.findByRole('dialog', { name: 'Your new API token' }));
    expect(shown.getByLabelText('API token')).toHaveProperty('value', SECRET);
    expect(shown.getByRole('button', { name: 'Copy token' })).toBeTruthy();
    expect(shown.getByText(/You will not see this token again/)).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Nightly export',
      scopes: ['read', 'send'],
      expiresAt: null,
    });
    // The list is read again; once the dialog is closed, the secret is nowhere on the page.
    expect(await card.findByText('Nightly export')).toBeTruthy();
    fireEvent.click(shown.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.body.innerHTML).not.toContain(SECRET);
  });

  it('will not make a token without a scope', async () => {
    stubServer([]);
    const card = renderCard();
    fireEvent.click(await card.findByRole('button', { name: 'New token' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'New API token' }));
    fireEvent.change(dialog.getByLabelText(/^Name/), { target: { value: 'Nothing' } });
    fireEvent.click(dialog.getByLabelText(/^Read:/));
    expect(dialog.getByText('Choose at least one scope')).toBeTruthy();
    expect(dialog.getByRole('button', { name: 'Make token' })).toHaveProperty('disabled', true);
  });

  it('revokes a token only after its confirmation', async () => {
    const calls = stubServer([token({ id: 4 })]);
    const card = renderCard();
    fireEvent.click(await card.findByRole('button', { name: 'Revoke CRM sync' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Revoke this token?' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(confirm.getByRole('button', { name: 'Revoke token' }));
    await waitFor(() =>
      expect(calls).toContainEqual({ method: 'DELETE', url: '/api/workspace/api-tokens/4' }),
    );
    expect(await card.findByText('No tokens yet.')).toBeTruthy();
  });
});
