import { promises as dns } from 'node:dns';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeDns } from './dns-server';
import {
  completeAuthorization,
  type FakeOidc,
  type FakeOidcClient,
  type FakeOidcUser,
  startFakeOidc,
} from './oidc-provider';

const APP = 'http://127.0.0.1:5055';
const clients: Record<'google' | 'microsoft', FakeOidcClient> = {
  google: {
    clientId: 'g-client',
    clientSecret: 'g-secret',
    redirectUris: [`${APP}/api/auth/google/callback`],
  },
  microsoft: {
    clientId: 'ms-client',
    clientSecret: 'ms-secret',
    redirectUris: [`${APP}/api/auth/outlook/callback`],
  },
};
const scopes = {
  google:
    'openid email profile https://www.googleapis.com/auth/gmail.send https://www.googleapis.com/auth/gmail.metadata',
  microsoft: 'openid email profile offline_access User.Read Mail.Send Mail.ReadBasic',
};
const extraParams = {
  google: { access_type: 'offline', prompt: 'consent' },
  microsoft: { prompt: 'select_account' },
};
const users: Record<'google' | 'microsoft', FakeOidcUser> = {
  google: {
    sub: 'g-1001',
    email: 'grace@example.com',
    given_name: 'Grace',
    family_name: 'Hopper',
    picture: 'https://example.com/grace.png',
  },
  microsoft: {
    sub: 'ms-2002',
    email: 'alan@example.org',
    given_name: 'Alan',
    family_name: 'Turing',
    picture: 'https://example.org/alan.png',
  },
};

let fake: FakeOidc;
beforeAll(async () => {
  fake = await startFakeOidc(clients);
});
afterAll(async () => {
  await fake?.close();
});

describe.each(['google', 'microsoft'] as const)('fake OIDC provider: %s', (provider) => {
  const issuer = () => (provider === 'google' ? fake.googleIssuer : fake.microsoftIssuer);
  const redirectUri = clients[provider].redirectUris[0] as string;

  async function authorize(opts: { jar?: Map<string, string>; basicAuth?: boolean } = {}) {
    const { clientId, clientSecret } = clients[provider];
    const auth = opts.basicAuth ? client.ClientSecretBasic(clientSecret) : undefined;
    const config = await client.discovery(new URL(issuer()), clientId, clientSecret, auth, {
      execute: [client.allowInsecureRequests],
    });
    const pkceCodeVerifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: scopes[provider],
      code_challenge: await client.calculatePKCECodeChallenge(pkceCodeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
      ...extraParams[provider],
    });
    const callbackUrl = await completeAuthorization(url.href, opts.jar);
    return { config, callbackUrl, checks: { pkceCodeVerifier, expectedState: state, expectedNonce: nonce } };
  }

  it('signs the next user in with PKCE, issues an ID token with profile claims, and refreshes', async () => {
    fake.setNextUser(provider, users[provider]);
    const { config, callbackUrl, checks } = await authorize();
    expect(callbackUrl.href.startsWith(redirectUri)).toBe(true);
    expect(callbackUrl.searchParams.get('code')).toBeTruthy();

    const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
      ...checks,
      idTokenExpected: true,
    });
    expect(tokens.claims()).toMatchObject({
      iss: issuer(),
      sub: users[provider].sub,
      email: users[provider].email,
      email_verified: true,
      given_name: users[provider].given_name,
      family_name: users[provider].family_name,
      name: `${users[provider].given_name} ${users[provider].family_name}`,
      picture: users[provider].picture,
    });
    expect(tokens.expires_in).toBeGreaterThan(3000);
    // oidc-provider drops offline_access unless prompt=consent (OIDC Core 11); the refresh token comes anyway.
    expect(tokens.scope?.split(' ')).toEqual(
      expect.arrayContaining(scopes[provider].split(' ').filter((s) => s !== 'offline_access')),
    );
    const refreshToken = tokens.refresh_token as string;
    expect(refreshToken).toBeTruthy();

    const refreshed = await client.refreshTokenGrant(config, refreshToken);
    expect(refreshed.access_token).toBeTruthy();
    expect(refreshed.access_token).not.toBe(tokens.access_token);

    fake.revokeAllRefreshTokens(provider);
    await expect(client.refreshTokenGrant(config, refreshToken)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
  });

  it('rejects a replayed code', async () => {
    fake.setNextUser(provider, users[provider]);
    const { config, callbackUrl, checks } = await authorize();
    await client.authorizationCodeGrant(config, callbackUrl, checks);
    await expect(client.authorizationCodeGrant(config, callbackUrl, checks)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
  });

  it('rejects a callback whose state does not match', async () => {
    fake.setNextUser(provider, users[provider]);
    const { config, callbackUrl, checks } = await authorize();
    await expect(
      client.authorizationCodeGrant(config, callbackUrl, { ...checks, expectedState: 'not-the-state' }),
    ).rejects.toMatchObject({ cause: { message: expect.stringMatching(/"state"/) } });
  });

  it('denyNext sends access_denied back to the redirect_uri, once', async () => {
    fake.setNextUser(provider, users[provider]);
    fake.denyNext(provider);
    const denied = await authorize();
    expect(denied.callbackUrl.href.startsWith(redirectUri)).toBe(true);
    expect(denied.callbackUrl.searchParams.get('error')).toBe('access_denied');
    expect(denied.callbackUrl.searchParams.get('state')).toBe(denied.checks.expectedState);

    const next = await authorize();
    expect(next.callbackUrl.searchParams.get('code')).toBeTruthy();
  });

  it('signs in whoever setNextUser named last, even in a browser still holding a session', async () => {
    const jar = new Map<string, string>();
    fake.setNextUser(provider, users[provider]);
    const first = await authorize({ jar });
    await client.authorizationCodeGrant(first.config, first.callbackUrl, first.checks);
    expect([...jar.keys()].some((name) => name.includes('session'))).toBe(true);

    const other = { sub: `${provider}-other`, email: `other@${provider}.test` };
    fake.setNextUser(provider, other);
    const { config, callbackUrl, checks } = await authorize({ jar, basicAuth: true });
    const tokens = await client.authorizationCodeGrant(config, callbackUrl, checks);
    expect(tokens.claims()).toMatchObject({ sub: other.sub, email: other.email });
    expect(tokens.claims()).not.toHaveProperty('given_name');
  });

  it('requires PKCE', async () => {
    const url = new URL(`${issuer()}/auth`);
    url.search = new URLSearchParams({
      client_id: clients[provider].clientId,
      response_type: 'code',
      redirect_uri: redirectUri,
      scope: 'openid email',
      state: 'xyz',
    }).toString();
    const callbackUrl = await completeAuthorization(url.href);
    expect(callbackUrl.searchParams.get('error')).toBe('invalid_request');
    expect(callbackUrl.searchParams.get('error_description')).toMatch(/PKCE/);
  });
});

describe('fake DNS server', () => {
  const longValue = `v=DKIM1; k=rsa; p=${'A'.repeat(400)}`;

  it('answers TXT queries, splits long values into character-strings, and NXDOMAINs unknown names', async () => {
    const server = await startFakeDns({ 'Example.COM.': ['v=spf1 include:_spf.google.com ~all', 'other'] });
    try {
      server.setTxt('google._domainkey.example.com', [longValue]);
      const resolver = new dns.Resolver({ timeout: 2000, tries: 1 });
      resolver.setServers([server.server]);

      const spf = await resolver.resolveTxt('example.com');
      expect(spf.map((chunks) => chunks.join('')).sort()).toEqual([
        'other',
        'v=spf1 include:_spf.google.com ~all',
      ]);

      const dkim = await resolver.resolveTxt('GOOGLE._domainkey.example.com');
      expect(dkim).toHaveLength(1);
      expect(dkim[0]?.length).toBeGreaterThan(1);
      expect(dkim[0]?.every((chunk) => chunk.length <= 255)).toBe(true);
      expect(dkim[0]?.join('')).toBe(longValue);

      await expect(resolver.resolveTxt('missing.example.com')).rejects.toMatchObject({ code: 'ENOTFOUND' });
    } finally {
      await server.close();
    }
  });

  it('serves answers too big for UDP over TCP', async () => {
    const values = Array.from({ length: 6 }, (_, i) => `${i}:${'x'.repeat(300)}`);
    const server = await startFakeDns({ 'big.example.com': values });
    try {
      const resolver = new dns.Resolver({ timeout: 2000, tries: 1 });
      resolver.setServers([server.server]);
      const answer = await resolver.resolveTxt('big.example.com');
      expect(answer.map((chunks) => chunks.join('')).sort()).toEqual(values);
    } finally {
      await server.close();
    }
  });
});
