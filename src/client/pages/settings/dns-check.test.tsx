import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DnsCheckResult } from '../../../contract/settings';
import { createQueryClient } from '../../api';
import { DnsCheck } from './dns-check';

const twoSpfReason = '2 SPF records found: a domain must publish exactly one (RFC 7208 §4.5)';
const revokedReason = 'Key at selector google is revoked (empty p=)';

const result: DnsCheckResult = {
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

function renderDnsCheck(reply: DnsCheckResult) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => Response.json(reply));
  vi.stubGlobal('fetch', fetchMock);
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={createQueryClient()}>
        <DnsCheck email="me@example.com" />
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
    expect(screen.getByLabelText('SPF: Fail')).toBeTruthy();
    expect(screen.getByLabelText('DKIM: Fail')).toBeTruthy();
    expect(screen.getByLabelText('DMARC: Fail')).toBeTruthy();
    expect(screen.getByText('No DMARC record found.')).toBeTruthy();
    expect(screen.queryByText('No DMARC record')).toBeNull();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/check-dns-records');
  });

  it('shows no reason line for passing checks', async () => {
    renderDnsCheck({
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
});
