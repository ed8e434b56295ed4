import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeDns, startFakeDns } from './fakes/dns-server';
import { startTestApp, type TestApp } from './support/test-app';

describe('DNS check against a real DNS server', () => {
  let dns: FakeDns;
  let t: TestApp;
  let cookie: string;
  const longKey = `v=DKIM1; k=rsa; p=${'A'.repeat(392)}`;

  beforeAll(async () => {
    dns = await startFakeDns({
      'good.example': ['google-site-verification=abc', 'v=spf1 include:_spf.google.com ~all'],
      '_dmarc.good.example': ['v=DMARC1; p=quarantine; rua=mailto:dmarc@good.example'],
      'google._domainkey.good.example': [longKey],
      'selector1._domainkey.good.example': ['v=DKIM1; k=rsa; p=MIIBIjAN'],
      // Records that exist but are not what they should be.
      'bad.example': ['v=spf2 nonsense', 'some other text'],
      '_dmarc.bad.example': ['v=DMARC2; p=none'],
      'google._domainkey.bad.example': ['hello'],
    });
    t = await startTestApp('pglite', { DNS_SERVERS: dns.server, DNS_TIMEOUT_MS: '2000' });
    cookie = await t.signIn();
  });
  afterAll(async () => {
    await t.close();
    await dns.close();
  });

  const check = (domain: string) =>
    t.app.inject({ method: 'POST', url: '/api/check-dns-records', headers: { cookie }, payload: { domain } });

  it('finds SPF, DKIM (at Google and Microsoft selectors) and DMARC for a well set-up domain', async () => {
    const res = await check('Good.Example');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      spf: true,
      dkim: true,
      dmarc: true,
      details: {
        spfRecords: ['v=spf1 include:_spf.google.com ~all'],
        dkimRecords: [`google: ${longKey}`, 'selector1: v=DKIM1; k=rsa; p=MIIBIjAN'],
        dmarcRecords: ['v=DMARC1; p=quarantine; rua=mailto:dmarc@good.example'],
      },
    });
  });

  it('fails each check whose records are wrong or missing', async () => {
    for (const domain of ['bad.example', 'nothing.example']) {
      const res = await check(domain);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        spf: false,
        dkim: false,
        dmarc: false,
        details: { spfRecords: [], dkimRecords: [], dmarcRecords: [] },
      });
    }
  });

  it('needs a signed-in user', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/check-dns-records',
      payload: { domain: 'good.example' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('DNS check when the resolver does not answer', () => {
  it('reports an upstream failure, not a 500', async () => {
    // A UDP port with nothing listening: the resolver times out or is refused.
    const t = await startTestApp('pglite', { DNS_SERVERS: '127.0.0.1:9', DNS_TIMEOUT_MS: '300' });
    try {
      const cookie = await t.signIn();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/check-dns-records',
        headers: { cookie },
        payload: { domain: 'good.example' },
      });
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toMatch(/^DNS lookup failed for /);
    } finally {
      await t.close();
    }
  });
});
