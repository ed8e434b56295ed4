import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_SENDER_PROFILE } from '../../../contract/sender-profile';
import type { DnsCheckResult } from '../../../contract/settings';
import { createQueryClient } from '../../api';
import { DnsCheck } from './dns-check';

const twoSpfReason = '2 SPF records found: a domain must publish exactly one (RFC 7208 §4.5)';
const revokedReason = 'Key at selector google is revoked (empty p=)';

const checkedAt = new Date(2026, 10, 24, 10, 42).toISOString();

const result: DnsCheckResult = {
  domain: 'example.com',
  checkedAt,
  spf: false,
  dkim: false,
  dmarc: false,
  checks: {
    spf: { status: 'invalid', reason: twoSpfReason },
    dkim: { status: 'invalid', reason: revokedReason },
    dmarc: { status: 'missing', reason: 'No DMARC record' },
  },
  details: {
    spfRecords: ['v=spf1 -all', 'v=spf1 include:_spf.google.com ~all'],
    dkimRecords: ['google: v=DKIM1; k=rsa; p='],
    dmarcRecords: [],
  },
};

type Reply = DnsCheckResult | Response | Promise<Response>;

/** The Settings page's sender settings, of which the card reads `dnsDomain`. */
const settingsOf = (email: string, dnsDomain: string | null) => ({
  name: null,
  email,
  signature: null,
  companyName: null,
  streetAddress: null,
  city: null,
  state: null,
  zipCode: null,
  phoneNumber: null,
  recipientReason: null,
  defaultUnsubscribeMessage: '',
  publicUrlIsLoopback: true,
  dnsDomain,
  profile: EMPTY_SENDER_PROFILE,
});

/**
 * The card with a server answering the DNS checks with `reply`; the server would check `dnsDomain`
 * when asked for none. The mock's calls are the DNS checks only.
 */
function renderDnsCheck(
  reply: Reply | ((body: { domain?: string }) => Reply),
  email = 'me@example.com',
  dnsDomain: string | null = 'example.com',
) {
  const fetchMock = vi.fn(async (_url: string, init?: RequestInit) => {
    const answer = typeof reply === 'function' ? reply(JSON.parse(String(init?.body))) : reply;
    const resolved = await answer;
    return resolved instanceof Response ? resolved : Response.json(resolved);
  });
  vi.stubGlobal('fetch', (url: string, init?: RequestInit) =>
    url === '/api/sender-settings' ? Response.json(settingsOf(email, dnsDomain)) : fetchMock(url, init),
  );
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={createQueryClient()}>
        <DnsCheck email={email} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('DnsCheck', () => {
  it('shows why records that exist still fail, and keeps the missing-record text', async () => {
    const fetchMock = renderDnsCheck(result);
    expect(await screen.findByText(twoSpfReason)).toBeTruthy();
    expect(screen.getByText(revokedReason)).toBeTruthy();
    // The docs' words for each verdict, not a bare "Fail".
    expect(screen.getByLabelText('SPF: Invalid')).toBeTruthy();
    expect(screen.getByLabelText('DKIM: Invalid')).toBeTruthy();
    expect(screen.getByLabelText('DMARC: Missing')).toBeTruthy();
    expect(screen.queryByText('Fail')).toBeNull();
    expect(screen.getByText('No DMARC record found.')).toBeTruthy();
    expect(screen.queryByText('No DMARC record')).toBeNull();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/check-dns-records');
  });

  it('shows no reason line for passing checks', async () => {
    renderDnsCheck({
      domain: 'example.com',
      checkedAt,
      spf: true,
      dkim: true,
      dmarc: true,
      checks: {
        spf: { status: 'pass', reason: 'One SPF record' },
        dkim: { status: 'pass', reason: 'Key found at selector google' },
        dmarc: { status: 'pass', reason: 'DMARC policy p=reject' },
      },
      details: {
        spfRecords: ['v=spf1 -all'],
        dkimRecords: ['google: v=DKIM1; p=MIIB'],
        dmarcRecords: ['v=DMARC1; p=reject'],
      },
    });
    expect(await screen.findByLabelText('SPF: Pass')).toBeTruthy();
    expect(screen.queryByText('One SPF record')).toBeNull();
    expect(screen.queryByText('DMARC policy p=reject')).toBeNull();
  });

  it('lets the server choose the domain on arrival, fills it in and says when it checked', async () => {
    const fetchMock = renderDnsCheck(result);
    expect(await screen.findByText('Checked at 10:42 AM')).toBeTruthy();
    expect(screen.getByText(/Records for example.com/)).toBeTruthy();
    expect(screen.getByLabelText('Domain')).toHaveProperty('value', 'example.com');
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({});
  });

  it('checks the domain a local user enters, dimming the old results while it runs', async () => {
    let finish: (response: Response) => void = () => {};
    const fetchMock = renderDnsCheck(
      ({ domain }) => {
        if (domain === undefined) return { ...result, domain: 'mail.example.org' };
        return new Promise<Response>((resolve) => {
          finish = resolve;
        });
      },
      'you@localhost',
      'mail.example.org',
    );
    // MAIL_DOMAIN gives the server a domain to check: the card checks it and says nothing of the address.
    const field = await screen.findByDisplayValue('mail.example.org');
    expect(screen.queryByText(/has no internet domain/)).toBeNull();
    fireEvent.change(field, { target: { value: 'Sender.Example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Refresh DNS' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(JSON.parse(String(fetchMock.mock.calls[1]?.[1]?.body))).toEqual({ domain: 'Sender.Example' });
    const results = screen.getByLabelText('SPF: Invalid').closest('[aria-busy]');
    expect(results?.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('button', { name: 'Refresh DNS' }).hasAttribute('data-loading')).toBe(true);
    finish(
      Response.json({
        ...result,
        domain: 'sender.example',
        spf: true,
        checks: { ...result.checks, spf: { status: 'pass', reason: 'One SPF record' } },
      }),
    );
    expect(await screen.findByLabelText('SPF: Pass')).toBeTruthy();
    expect(screen.getByText(/Records for sender.example/)).toBeTruthy();
    expect(results?.getAttribute('aria-busy')).toBe('false');
  });

  it('says beside the field why the server refused a domain', async () => {
    const message = 'Invalid domain: enter a domain name such as example.com';
    renderDnsCheck(({ domain }) =>
      domain === undefined
        ? result
        : Response.json({ error: 'bad_request', message, requestId: 'r1' }, { status: 400 }),
    );
    const field = await screen.findByDisplayValue('example.com');
    fireEvent.change(field, { target: { value: 'not a domain' } });
    fireEvent.click(screen.getByRole('button', { name: 'Refresh DNS' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.queryByText(/Failed to check DNS records/)).toBeNull();
    // The results of the domain checked before stay, named by their domain.
    expect(screen.getByText(/Records for example.com/)).toBeTruthy();
  });

  it('greets a local user with a hint, not an error, and asks nothing of the server until told a domain', async () => {
    const noDomain = 'No domain to check: enter the domain you send from (MAIL_DOMAIN is not set)';
    const fetchMock = renderDnsCheck(
      ({ domain }) =>
        domain === 'example.com'
          ? result
          : Response.json({ error: 'bad_request', message: noDomain, requestId: 'r1' }, { status: 400 }),
      'you@localhost',
      null,
    );
    const hint = await screen.findByText(
      'Your address you@localhost has no internet domain: enter the domain you send from, such as example.com, and press Refresh DNS.',
    );
    expect(hint.getAttribute('style') ?? '').not.toMatch(/red/);
    // No check that can only be refused (a 400 in the console), no red text.
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.queryByText(/No domain to check/)).toBeNull();
    expect(screen.queryByText(/Invalid email address/)).toBeNull();
    expect(screen.queryByText(/Failed to check DNS records/)).toBeNull();
    expect(screen.getByLabelText('Domain').getAttribute('aria-invalid')).not.toBe('true');

    // Refresh with nothing entered: now the user asked, so the server's reason is said by the field.
    fireEvent.click(screen.getByRole('button', { name: 'Refresh DNS' }));
    expect(await screen.findByText(noDomain)).toBeTruthy();

    // A successful check clears it, and the hint gives way to the results.
    fireEvent.change(screen.getByLabelText('Domain'), { target: { value: 'example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Refresh DNS' }));
    expect(await screen.findByText(/Records for example.com/)).toBeTruthy();
    expect(screen.queryByText(noDomain)).toBeNull();
    expect(screen.queryByText(/has no internet domain/)).toBeNull();
    expect(screen.getByText('Whether receivers can trust mail from your domain.')).toBeTruthy();
  });
});
