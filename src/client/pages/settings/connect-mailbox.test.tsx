import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Mailbox } from '../../../contract/mailboxes';
import type { PublicConfig } from '../../../contract/public-config';
import { createQueryClient } from '../../api';
import { testMailbox } from '../../test-mailbox';
import { MailboxesCard } from './mailboxes-card';

const mailbox = testMailbox;

const config = (google: boolean, microsoft: boolean): PublicConfig => ({
  signIn: { google, microsoft, local: false, localOnThisMachineOnly: false },
  ai: false,
  legal: { entity: 'Acme', contactEmail: 'privacy@acme.test', state: 'Delaware' },
});

/** A server holding these mailboxes and this deployment's sign-in providers. */
function stubServer(mailboxes: Mailbox[], publicConfig: PublicConfig) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/mailboxes') return Response.json(mailboxes);
      if (url === '/api/public-config') return Response.json(publicConfig);
      return new Response('Not here', { status: 404, statusText: 'Not Found' });
    }),
  );
}

function renderCard() {
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={createQueryClient()}>
        <MailboxesCard />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return within(screen.getByRole('region', { name: 'Mailboxes' }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('connecting a Gmail or Outlook account (Settings → Mailboxes)', () => {
  it('offers Connect only for the providers this deployment signs in with', async () => {
    stubServer([mailbox({ isDefault: true })], config(true, false));
    const card = renderCard();
    const gmail = await card.findByRole('link', { name: 'Connect Gmail' });
    expect(gmail.getAttribute('href')).toBe('/api/mailboxes/connect/google');
    expect(card.queryByRole('link', { name: 'Connect Outlook' })).toBeNull();
  });

  it('offers Connect Outlook alone when only Microsoft is configured', async () => {
    stubServer([mailbox({ isDefault: true })], config(false, true));
    const card = renderCard();
    const outlook = await card.findByRole('link', { name: 'Connect Outlook' });
    expect(outlook.getAttribute('href')).toBe('/api/mailboxes/connect/outlook');
    expect(card.queryByRole('link', { name: 'Connect Gmail' })).toBeNull();
  });

  it('offers Reconnect on a Gmail or Outlook mailbox that needs it, and Remove on a connected one', async () => {
    stubServer(
      [
        mailbox({ id: 1, isDefault: true }),
        mailbox({
          id: 2,
          address: 'sales@gmail.test',
          signIn: false,
          state: 'needs_credentials',
          stateMessage: 'Google no longer lets Tailor send from sales@gmail.test. Reconnect it.',
        }),
        mailbox({ id: 3, kind: 'microsoft', address: 'pat@contoso.test', signIn: false }),
      ],
      config(true, true),
    );
    const card = renderCard();
    const [signIn, paused, outlook] = (await card.findAllByRole('listitem')).map((row) => within(row));
    expect(signIn!.queryByRole('link', { name: /Reconnect/ })).toBeNull();
    expect(signIn!.queryByRole('button', { name: /Remove/ })).toBeNull();
    const reconnect = paused!.getByRole('link', { name: 'Reconnect sales@gmail.test' });
    expect(reconnect.getAttribute('href')).toBe('/api/mailboxes/connect/google');
    expect(paused!.getByRole('button', { name: 'Remove sales@gmail.test' })).toBeTruthy();
    expect(outlook!.queryByRole('link', { name: /Reconnect/ })).toBeNull();
    expect(outlook!.getByRole('button', { name: 'Remove pat@contoso.test' })).toBeTruthy();
  });

  it('says how a connect ended once, then drops it from the address', async () => {
    window.history.replaceState(null, '', '/settings?connect=connected&address=sales%40gmail.test');
    stubServer([mailbox({ isDefault: true })], config(true, true));
    const card = renderCard();
    expect(card.getByRole('status').textContent).toContain(
      'sales@gmail.test is connected. Campaigns can now send from it.',
    );
    expect(window.location.pathname + window.location.search).toBe('/settings');
  });

  it.each([
    ['taken', 'eve@gmail.test', /eve@gmail\.test already belongs to another person's Tailor account/],
    ['no-send', 'ida@gmail.test', /sending needs the permission to send email/],
    ['denied', '', /cancelled at the provider/],
    ['signed-out', '', /signed out, or signed in as someone else/],
    // An address from the provider is text, never markup.
    ['taken', '<img src=x onerror=alert(1)>', /<img src=x onerror=alert\(1\)> already belongs/],
  ])('tells a refused connect (%s) in words', async (notice, address, words) => {
    const query = new URLSearchParams({ connect: notice, ...(address && { address }) });
    window.history.replaceState(null, '', `/settings?${query}`);
    stubServer([mailbox({ isDefault: true })], config(true, true));
    const card = renderCard();
    const alert = card.getAllByRole('alert')[0]!;
    expect(alert.textContent).toMatch(words);
    expect(alert.querySelector('img')).toBeNull();
  });
});
