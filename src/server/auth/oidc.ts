import * as client from 'openid-client';
import { api } from '../../contract/api';
import { urlOf } from '../../contract/route';
import type { Config } from '../config';
import { isLoopbackHost } from '../lib/loopback';
import type { Identity } from '../queries/users';

export type OidcProviderName = 'google' | 'microsoft';

/**
 * What must survive the round trip to the provider; kept in a short-lived signed cookie. Sign-in
 * and connecting another account as a mailbox share the provider's registered redirect URI, so
 * the cookie tells them apart: a connect names the person and the session that started it.
 */
export type PendingSignIn = {
  provider: OidcProviderName;
  verifier: string;
  state: string;
  nonce: string;
  intent: 'signin' | 'connect';
  /** For a connect: the signed-in person and their session's id, which the callback must still have. */
  userId?: number;
  sessionId?: string;
};

/** The scope sending needs: a connected account that did not grant it is refused. */
export const SEND_SCOPES: Record<OidcProviderName, string> = {
  google: 'https://www.googleapis.com/auth/gmail.send',
  microsoft: 'Mail.Send',
};

export type ProviderTokens = {
  accessToken: string;
  refreshToken: string | null;
  expiresAt: Date | null;
  scopes: string | null;
};

const GOOGLE_SCOPES = ['openid', 'email', 'profile', 'https://www.googleapis.com/auth/gmail.send'];
/**
 * Never gmail.metadata: Gmail refuses the `q` search and the full and raw formats to a token that
 * holds it, even beside gmail.readonly, and the Sent-folder lookup searches by Message-ID.
 */
const GOOGLE_READ_SCOPE = 'https://www.googleapis.com/auth/gmail.readonly';
const MICROSOFT_SCOPES = ['openid', 'email', 'profile', 'offline_access', 'User.Read', 'Mail.Send'];
/** A connected account is only sent from (and read, as sign-in's are): no profile of it is kept. */
const GOOGLE_CONNECT_SCOPES = ['openid', 'email', 'profile', SEND_SCOPES.google];
const MICROSOFT_CONNECT_SCOPES = ['openid', 'email', 'profile', 'offline_access', SEND_SCOPES.microsoft];
/**
 * Mail.ReadBasic would do for the Sent Items lookup, but the mailbox sync reads whole messages (a
 * bounce's report, a reply's text), which only Mail.Read allows.
 */
const MICROSOFT_READ_SCOPE = 'Mail.Read';

/**
 * Google and Microsoft sign-in through openid-client (PKCE, state and nonce). Discovery runs
 * lazily and is cached, so start-up does not depend on the providers being reachable.
 */
export function createOidc(config: Config) {
  const discovered = new Map<OidcProviderName, Promise<client.Configuration>>();

  function settings(provider: OidcProviderName) {
    return config.auth[provider] ?? null;
  }

  /** What sign-in (or a connect) asks for; the read scope exactly as sign-in asks when it is on. */
  function scopesFor(provider: OidcProviderName, intent: PendingSignIn['intent']) {
    const read = config.auth.mailboxReadScope
      ? [provider === 'google' ? GOOGLE_READ_SCOPE : MICROSOFT_READ_SCOPE]
      : [];
    if (intent === 'connect')
      return [...(provider === 'google' ? GOOGLE_CONNECT_SCOPES : MICROSOFT_CONNECT_SCOPES), ...read];
    return [...(provider === 'google' ? GOOGLE_SCOPES : MICROSOFT_SCOPES), ...read];
  }

  async function begin(
    provider: OidcProviderName,
    who: Pick<PendingSignIn, 'intent' | 'userId' | 'sessionId'>,
  ): Promise<{ url: URL; pending: PendingSignIn }> {
    const oidc = await configuration(provider);
    const pending: PendingSignIn = {
      provider,
      verifier: client.randomPKCECodeVerifier(),
      state: client.randomState(),
      nonce: client.randomNonce(),
      ...who,
    };
    const params: Record<string, string> = {
      redirect_uri: redirectUri(provider),
      scope: scopesFor(provider, who.intent).join(' '),
      code_challenge: await client.calculatePKCECodeChallenge(pending.verifier),
      code_challenge_method: 'S256',
      state: pending.state,
      nonce: pending.nonce,
    };
    // Google issues a refresh token only for offline access with fresh consent; a connect lets the
    // person pick another account than the one their browser is signed in to. Microsoft takes one
    // prompt value only (AADSTS90023 otherwise), and select_account lets them pick.
    if (provider === 'google') {
      params.access_type = 'offline';
      params.prompt = who.intent === 'connect' ? 'select_account consent' : 'consent';
    } else params.prompt = 'select_account';
    return { url: client.buildAuthorizationUrl(oidc, params), pending };
  }

  function configuration(provider: OidcProviderName): Promise<client.Configuration> {
    const s = settings(provider);
    if (!s) throw new Error(`${provider} sign-in is not configured`);
    let found = discovered.get(provider);
    if (!found) {
      const issuer = new URL(s.issuer);
      // openid-client refuses http:// issuers; only a local test issuer may use it.
      const insecure = issuer.protocol === 'http:' && isLoopbackHost(issuer.hostname);
      found = client.discovery(issuer, s.clientId, s.clientSecret, undefined, {
        execute: insecure ? [client.allowInsecureRequests] : [],
        timeout: 10,
      });
      found.catch(() => discovered.delete(provider));
      discovered.set(provider, found);
    }
    return found;
  }

  const redirectUri = (provider: OidcProviderName) => redirectUriFor(config.publicUrl, provider);

  return {
    isEnabled: (provider: OidcProviderName) => settings(provider) !== null,

    beginSignIn: (provider: OidcProviderName) => begin(provider, { intent: 'signin' }),

    /** Connecting another account of the signed-in person's as a mailbox to send from. */
    beginConnect: (provider: OidcProviderName, person: { userId: number; sessionId: string }) =>
      begin(provider, { intent: 'connect', ...person }),

    /** Exchanges the code; throws on a wrong state, a replayed code, or any provider error. */
    async finishSignIn(
      pending: PendingSignIn,
      callbackUrl: URL,
    ): Promise<{ identity: Identity; tokens: ProviderTokens }> {
      const oidc = await configuration(pending.provider);
      const result = await client.authorizationCodeGrant(oidc, callbackUrl, {
        pkceCodeVerifier: pending.verifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
      const claims = result.claims();
      if (!claims) throw new Error('The provider returned no ID token');
      return { identity: identityFromClaims(pending.provider, claims), tokens: tokensFrom(result) };
    },

    async refresh(provider: OidcProviderName, refreshToken: string): Promise<ProviderTokens> {
      const oidc = await configuration(provider);
      return tokensFrom(await client.refreshTokenGrant(oidc, refreshToken));
    },
  };
}

export type Oidc = ReturnType<typeof createOidc>;

function identityFromClaims(provider: OidcProviderName, claims: client.IDToken): Identity {
  const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
  // Microsoft puts the address in `email` only when configured; `preferred_username` is the UPN.
  const email = text(claims.email) ?? (provider === 'microsoft' ? text(claims.preferred_username) : null);
  let firstName = text(claims.given_name);
  let lastName = text(claims.family_name);
  const fullName = text(claims.name);
  if (!firstName && !lastName && fullName) {
    const [first, ...rest] = fullName.split(/\s+/);
    firstName = first ?? null;
    lastName = rest.join(' ') || null;
  }
  return {
    provider,
    subject: claims.sub,
    email: email?.toLowerCase() ?? null,
    firstName,
    lastName,
    profileImageUrl: text(claims.picture),
  };
}

function tokensFrom(
  result: client.TokenEndpointResponse & client.TokenEndpointResponseHelpers,
): ProviderTokens {
  const expiresIn = result.expiresIn();
  return {
    accessToken: result.access_token,
    refreshToken: result.refresh_token ?? null,
    expiresAt: expiresIn === undefined ? null : new Date(Date.now() + expiresIn * 1000),
    scopes: result.scope ?? null,
  };
}

/** The callback URL sent to the provider: PUBLIC_URL's origin and the callback route (the doctor checks it). */
export function redirectUriFor(publicUrl: URL, provider: OidcProviderName): string {
  return new URL(urlOf(api.auth.callback, { params: { provider: providerPath(provider) } }), publicUrl).href;
}

/** The provider a sign-in path's segment names. */
export const PROVIDER_PATHS: Record<string, OidcProviderName> = { google: 'google', outlook: 'microsoft' };

/** The provider's segment in the sign-in paths: Microsoft's is `outlook`. */
export const providerPath = (provider: OidcProviderName) => (provider === 'google' ? 'google' : 'outlook');
