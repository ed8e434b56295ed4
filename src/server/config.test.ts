import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

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
