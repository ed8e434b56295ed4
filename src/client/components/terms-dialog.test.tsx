import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../api';
import { TermsDialog } from './terms-dialog';

const publicConfig = {
  signIn: { google: true, microsoft: true, local: false, localOnThisMachineOnly: false },
  ai: true,
  legal: { entity: 'Example Co', contactEmail: 'legal@example.com', state: 'Oregon' },
};

function stubServer() {
  const fetchMock = vi.fn(async (url: string, _init?: RequestInit) => {
    if (url === '/api/public-config') return Response.json(publicConfig);
    if (url === '/api/auth/accept-terms')
      return Response.json({ ok: true, termsAcceptedAt: '2025-07-30T00:00:00Z' });
    return new Response(null, { status: 401, statusText: 'Unauthorized' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderDialog() {
  return render(
    <MantineProvider env="test">
      <QueryClientProvider client={createQueryClient()}>
        <TermsDialog opened />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('TermsDialog', () => {
  it('shows the terms with the operator details', async () => {
    stubServer();
    renderDialog();
    expect(screen.getByRole('dialog', { name: 'Terms of Service' })).toBeTruthy();
    expect(screen.getByText('Please read and accept our Terms of Service to continue')).toBeTruthy();
    expect(await screen.findByText(/Example Co/)).toBeTruthy();
    expect(screen.getByText(/the laws of Oregon/)).toBeTruthy();
    const privacyLinks = screen.getAllByRole('link', { name: 'Privacy Policy' });
    expect(privacyLinks.every((link) => link.getAttribute('target') === '_blank')).toBe(true);
  });

  it('enables Accept & Continue only once the checkbox is ticked, then posts the acceptance', async () => {
    const fetchMock = stubServer();
    renderDialog();
    const accept = screen.getByRole('button', { name: 'Accept & Continue' }) as HTMLButtonElement;
    expect(accept.disabled).toBe(true);

    fireEvent.click(accept);
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/auth/accept-terms')).toBe(false);

    fireEvent.click(screen.getByLabelText('I have read and agree to the Terms of Service'));
    expect(accept.disabled).toBe(false);

    fireEvent.click(accept);
    await waitFor(() => {
      const call = fetchMock.mock.calls.find(([url]) => url === '/api/auth/accept-terms');
      expect(call?.[1]?.method).toBe('POST');
      expect(call?.[1]?.credentials).toBe('include');
    });
  });
});
