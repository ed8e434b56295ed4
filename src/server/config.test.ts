import { describe, expect, it } from 'vitest';
import { ehloNameFor, loadConfig } from './config';

describe('loadConfig', () => {
  it('defaults to the embedded database, port 5000 and local sign-in in development', () => {
    const c = loadConfig(
      {
        NODE_ENV: 'development',
        DATABASE_URL: '',
        GOOGLE_CLIENT_ID: '',
        MICROSOFT_CLIENT_ID: '',
        PORT: '',
        PUBLIC_URL: undefined,
        LOCAL_SIGN_IN: undefined,
      },
      false,
    );
    expect(c.port).toBe(5000);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.publicUrl.href).toBe('http://localhost:5000/');
    expect(c.auth.localSignIn).toBe(true);
    expect(c.auth.localSignInFromAnywhere).toBe(false);
  });

  it('turns local sign-in off in production or when a provider is configured, unless forced', () => {
    expect(loadConfig({ NODE_ENV: 'production', LOCAL_SIGN_IN: undefined }, false).auth.localSignIn).toBe(
      false,
    );
    const withGoogle = loadConfig(
      { GOOGLE_CLIENT_ID: 'a', GOOGLE_CLIENT_SECRET: 'b', LOCAL_SIGN_IN: undefined },
      false,
    );
    expect(withGoogle.auth.localSignIn).toBe(false);
    expect(withGoogle.auth.google?.issuer).toBe('https://accounts.google.com');
    const forced = loadConfig({ NODE_ENV: 'production', LOCAL_SIGN_IN: 'true' }, false);
    expect(forced.auth.localSignIn).toBe(true);
    expect(forced.auth.localSignInFromAnywhere).toBe(true);
  });

  it('derives the Microsoft issuer from the tenant', () => {
    const c = loadConfig(
      {
        MICROSOFT_CLIENT_ID: 'a',
        MICROSOFT_CLIENT_SECRET: 'b',
        MICROSOFT_TENANT: 'organizations',
        MICROSOFT_ISSUER: undefined,
      },
      false,
    );
    expect(c.auth.microsoft?.issuer).toBe('https://login.microsoftonline.com/organizations/v2.0');
  });

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ PORT: 'eighty' }, false)).toThrow(/PORT:/);
    expect(() => loadConfig({ PUBLIC_URL: 'not a url' }, false)).toThrow(/PUBLIC_URL:/);
    expect(() => loadConfig({ LOCAL_SIGN_IN: 'maybe' }, false)).toThrow(/LOCAL_SIGN_IN:/);
  });
});

describe('SMTP settings', () => {
  const load = (env: Record<string, string>) =>
    loadConfig({ NODE_ENV: 'test', SMTP_URL: 'smtp://relay.example:587', ...env }, false);

  it('reads the relay, TLS and EHLO settings, with safe defaults', () => {
    const smtp = load({ PUBLIC_URL: 'https://tailor.example.com' }).mail.smtp!;
    expect(smtp).toMatchObject({
      url: 'smtp://relay.example:587',
      startTls: 'opportunistic',
      tlsRejectUnauthorized: true,
      tlsCa: undefined,
      name: 'tailor.example.com',
      timeoutMs: 60_000,
    });
    expect(load({ SMTP_URL: '' }).mail.smtp).toBeNull();
    const ca = load({ SMTP_TLS_CA: 'test/fixtures/tls/ca.pem', SMTP_STARTTLS: 'required' }).mail.smtp!;
    expect(ca.tlsCa).toMatch(/^-----BEGIN CERTIFICATE-----/);
    expect(ca.startTls).toBe('required');
  });

  it('refuses what cannot work, naming the setting', () => {
    expect(() => load({ SMTP_URL: 'mail.example.com:587' })).toThrow(/SMTP_URL: must start with smtp:\/\//);
    expect(() => load({ SMTP_URL: 'smtp://relay.example?pool=true' })).toThrow(/SMTP_URL: takes no options/);
    expect(() => load({ SMTP_STARTTLS: 'sometimes' })).toThrow(/SMTP_STARTTLS/);
    expect(() => load({ SMTP_TLS_CA: 'no/such/ca.pem' })).toThrow(
      /SMTP_TLS_CA: cannot read no\/such\/ca\.pem/,
    );
  });

  it('announces PUBLIC_URL’s host in EHLO when it is a domain name, else MAIL_DOMAIN, else nothing', () => {
    expect(ehloNameFor(new URL('https://tailor.example.com'), 'mail.example.com')).toBe('tailor.example.com');
    expect(ehloNameFor(new URL('http://127.0.0.1:5000'), 'mail.example.com')).toBe('mail.example.com');
    expect(ehloNameFor(new URL('http://[::1]:5000'), undefined)).toBeUndefined();
    expect(ehloNameFor(new URL('http://localhost:5000'), undefined)).toBeUndefined();
    expect(load({ PUBLIC_URL: 'http://localhost:5000', SMTP_NAME: 'mx.example.com' }).mail.smtp!.name).toBe(
      'mx.example.com',
    );
  });
});
