import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PublicConfig } from '../../../contract/public-config';
import { createQueryClient } from '../../api';
import { LandingPage } from './landing-page';

const legal = { entity: 'Example Co', contactEmail: 'legal@example.com', state: 'Oregon' };
const nobody = { google: false, microsoft: false, local: false, localOnThisMachineOnly: false };

function renderWith(signIn: PublicConfig['signIn']) {
  const config: PublicConfig = { signIn, ai: false, legal };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url === '/api/public-config' ? Response.json(config) : new Response(null, { status: 404 }),
    ),
  );
  return render(
    <MantineProvider env="test">
      <QueryClientProvider client={createQueryClient()}>
        <LandingPage />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const signInButtons = () =>
  screen.queryAllByRole('button', { name: /Gmail|Outlook|Continue locally/ }).map((b) => b.textContent);

describe('the landing page offers only the ways in that work', () => {
  it('with no sign-in method, says so and names the settings instead of offering buttons', async () => {
    renderWith(nobody);
    const notice = await screen.findByRole('status', { name: 'Sign-in is not set up on this server' });
    for (const setting of [
      'GOOGLE_CLIENT_ID',
      'MICROSOFT_CLIENT_ID',
      'LOCAL_SIGN_IN=true',
      'NODE_ENV=production',
    ])
      expect(notice.textContent).toContain(setting);
    expect(signInButtons()).toEqual([]);
  });

  it('with local sign-in for the server’s own machine only, says where it works', async () => {
    renderWith({ ...nobody, localOnThisMachineOnly: true });
    const notice = await screen.findByRole('status', { name: 'Sign-in is not set up on this server' });
    expect(notice.textContent).toContain('only from the server’s own machine');
    expect(signInButtons()).toEqual([]);
  });

  it('with Outlook only, offers Outlook and no Gmail button, and no notice', async () => {
    renderWith({ ...nobody, microsoft: true });
    expect(await screen.findByRole('button', { name: 'Sign in with Outlook' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Get Started with Outlook' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Gmail/ })).toBeNull();
    expect(screen.queryByRole('status', { name: 'Sign-in is not set up on this server' })).toBeNull();
  });
});
