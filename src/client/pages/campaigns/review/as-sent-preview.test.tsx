import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../api';
import { AsSentPreview } from './as-sent-preview';

const PREVIEW = {
  from: 'Sam Sender <sam@example.com>',
  to: 'ava@example.com',
  subject: 'Hello Ava',
  html: '<p>Hi Ava</p><div class="signature"><p>Sam</p></div><p>Acme, 1 Main St</p><script>parent.hacked = 1</script>',
  text: 'Hi Ava\n\nSam\n\nAcme, 1 Main St',
};

/** The preview of email 5, its server answering with PREVIEW, or never (`answered: false`). */
function renderPreview({ answered = true } = {}) {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      if (!answered) return new Promise<Response>(() => {});
      return url === '/api/emails/5/preview'
        ? Response.json(PREVIEW)
        : new Response('Not here', { status: 404 });
    }),
  );
  render(
    <MantineProvider>
      <QueryClientProvider client={createQueryClient()}>
        <AsSentPreview email={{ id: 5, subject: 'Hello Ava', body: '<p>Hi Ava</p>' }} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return urls;
}

afterEach(() => vi.unstubAllGlobals());

describe('AsSentPreview', () => {
  it('shows the From, To and subject lines and the HTML part in a frame where nothing runs', async () => {
    renderPreview();
    expect(await screen.findByText('Sam Sender <sam@example.com>')).toBeTruthy();
    expect(screen.getByText('ava@example.com')).toBeTruthy();
    expect(screen.getByText('Hello Ava')).toBeTruthy();
    const frame = screen.getByTitle('HTML part') as HTMLIFrameElement;
    // An empty sandbox: no scripts, forms or navigation, whatever the HTML holds.
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toContain('<div class="signature"><p>Sam</p></div>');
    expect(frame.getAttribute('srcdoc')).toMatch(
      /^<!doctype html><meta http-equiv="Content-Security-Policy" content="default-src 'none';/,
    );
  });

  it('says what it waits for while the preview loads, as a status a screen reader announces', () => {
    renderPreview({ answered: false });
    // A spinner without a role may not carry a name: the accessibility check refused it.
    expect(screen.getByRole('status', { name: 'Composing the email' })).toBeTruthy();
  });

  it('shows the plain-text part on request', async () => {
    renderPreview();
    fireEvent.click(await screen.findByLabelText('Show the plain-text part'));
    expect(screen.getByLabelText('Plain-text part').textContent).toBe(PREVIEW.text);
    expect(screen.queryByTitle('HTML part')).toBeNull();
  });
});
