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
      // Records each valid alone, but not together or not as published (RFC 7208 §4.5, RFC 6376 §3.6.1,
      // RFC 7489 §6.6.3).
      'twice.example': ['v=spf1 -all', 'v=spf1 include:_spf.google.com ~all'],
      '_dmarc.twice.example': ['v=DMARC1; p=none', 'v=DMARC1; p=reject'],
      'google._domainkey.twice.example': ['v=DKIM1; k=rsa; p='],
      'selector1._domainkey.twice.example': ['v=DKIM1; k=rsa; p= ;'],
      '_dmarc.nopolicy.example': ['v=DMARC1; rua=mailto:dmarc@nopolicy.example'],
      // One revoked selector does not fail DKIM while another holds a usable key.
      'google._domainkey.rotated.example': ['v=DKIM1; k=rsa; p='],
      'selector2._domainkey.rotated.example': ['v=DKIM1; k=rsa; n=p=; p=MIIBIjAN'],
    });
    // Microsoft 365 publishes its selectors as aliases of keys in its own zone.
    dns.setCname(
      'selector1._domainkey.alias.example',
      'selector1-alias-example._domainkey.tenant.onmicrosoft.example',
    );
    dns.setTxt('selector1-alias-example._domainkey.tenant.onmicrosoft.example', [
      'v=DKIM1; k=rsa; p=MIIBIjAN',
    ]);
    // MAIL_DOMAIN is where a local sender (you@localhost) sends from.
    t = await startTestApp('pglite', {
      DNS_SERVERS: dns.server,
      DNS_TIMEOUT_MS: '2000',
      MAIL_DOMAIN: 'rotated.example',
    });
    cookie = await t.signIn();
  });
  afterAll(async () => {
    await t.close();
    await dns.close();
  });

  const check = (domain: string) =>
    t.app.inject({ method: 'POST', url: '/api/check-dns-records', headers: { cookie }, payload: { domain } });

  it('finds SPF, DKIM (at Google and Microsoft selectors) and DMARC for a well set-up domain', async () => {
    const before = Date.now();
    const res = await check('Good.Example');
    expect(res.statusCode).toBe(200);
    expect(Date.parse(res.json().checkedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(res.json()).toEqual({
      domain: 'good.example',
      checkedAt: expect.any(String),
      spf: true,
      dkim: true,
      dmarc: true,
      checks: {
        spf: { status: 'pass', reason: 'One SPF record' },
        dkim: { status: 'pass', reason: 'Key found at selectors google, selector1' },
        dmarc: { status: 'pass', reason: 'DMARC policy p=quarantine' },
      },
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
        domain,
        checkedAt: expect.any(String),
        spf: false,
        dkim: false,
        dmarc: false,
        checks: {
          spf: { status: 'missing', reason: 'No SPF record' },
          dkim: { status: 'missing', reason: 'No DKIM key at the selectors checked' },
          dmarc: { status: 'missing', reason: 'No DMARC record' },
        },
        details: { spfRecords: [], dkimRecords: [], dmarcRecords: [] },
      });
    }
  });

  it('fails two SPF records, revoked DKIM keys and two DMARC records, saying why', async () => {
    const res = await check('twice.example.');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      domain: 'twice.example',
      checkedAt: expect.any(String),
      spf: false,
      dkim: false,
      dmarc: false,
      checks: {
        spf: {
          status: 'invalid',
          reason: '2 SPF records found: a domain must publish exactly one (RFC 7208 §4.5)',
        },
        dkim: {
          status: 'invalid',
          reason:
            'Key at selector google is revoked (empty p=); key at selector selector1 is revoked (empty p=)',
        },
        dmarc: {
          status: 'invalid',
          reason: '2 DMARC records found: receivers then apply no policy (RFC 7489 §6.6.3)',
        },
      },
      details: {
        spfRecords: ['v=spf1 -all', 'v=spf1 include:_spf.google.com ~all'],
        dkimRecords: ['google: v=DKIM1; k=rsa; p=', 'selector1: v=DKIM1; k=rsa; p= ;'],
        dmarcRecords: ['v=DMARC1; p=none', 'v=DMARC1; p=reject'],
      },
    });
  });

  it('fails a DMARC record without a p= policy', async () => {
    const res = await check('nopolicy.example');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      dmarc: false,
      checks: { dmarc: { status: 'invalid', reason: 'DMARC record has no valid p= policy' } },
      details: { dmarcRecords: ['v=DMARC1; rua=mailto:dmarc@nopolicy.example'] },
    });
  });

  it('passes DKIM when one selector is revoked and another holds a key', async () => {
    const res = await check('rotated.example');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      dkim: true,
      checks: { dkim: { status: 'pass', reason: 'Key found at selector selector2' } },
      details: {
        dkimRecords: ['google: v=DKIM1; k=rsa; p=', 'selector2: v=DKIM1; k=rsa; n=p=; p=MIIBIjAN'],
      },
    });
  });

  it('follows a selector published as a CNAME to the key it names', async () => {
    const res = await check('alias.example');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      dkim: true,
      checks: { dkim: { status: 'pass', reason: 'Key found at selector selector1' } },
      details: { dkimRecords: ['selector1: v=DKIM1; k=rsa; p=MIIBIjAN'] },
    });
  });

  it('refuses what is not an internet domain name, saying what it wants', async () => {
    for (const domain of ['not a domain', 'localhost', 'you@good.example', '-bad.example', 'a..example']) {
      const res = await check(domain);
      expect(res.statusCode, domain).toBe(400);
      expect(res.json().message).toBe('Invalid domain: enter a domain name such as example.com');
    }
  });

  it('checks the sender address’s domain when no domain is given', async () => {
    const sender = await t.signIn('ada@Good.Example');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/check-dns-records',
      headers: { cookie: sender },
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ domain: 'good.example', spf: true, dkim: true, dmarc: true });
  });

  it('checks MAIL_DOMAIN for a local sender, and any domain the sender names', async () => {
    const local = await t.signIn('you@localhost');
    const post = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/check-dns-records', headers: { cookie: local }, payload });
    const fallback = await post({});
    expect(fallback.statusCode).toBe(200);
    expect(fallback.json()).toMatchObject({ domain: 'rotated.example', dkim: true });
    const named = await post({ domain: 'good.example' });
    expect(named.statusCode).toBe(200);
    expect(named.json()).toMatchObject({ domain: 'good.example', spf: true });
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

describe('DNS check with nothing to check', () => {
  it('asks a local sender for a domain when MAIL_DOMAIN is not set', async () => {
    const t = await startTestApp('pglite', { DNS_SERVERS: '127.0.0.1:9', DNS_TIMEOUT_MS: '300' });
    try {
      const cookie = await t.signIn('you@localhost');
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/check-dns-records',
        headers: { cookie },
        payload: {},
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(
        'No domain to check: your address has no internet domain and MAIL_DOMAIN is not set. Enter the domain you send from.',
      );
    } finally {
      await t.close();
    }
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
