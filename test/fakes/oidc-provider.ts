import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Store } from './oidc-store';

export type FakeOidcUser = {
  sub: string;
  email: string;
  given_name?: string;
  family_name?: string;
  name?: string;
  picture?: string;
};
export type FakeOidcClient = { clientId: string; clientSecret: string; redirectUris: string[] };
export type ProviderName = 'google' | 'microsoft';
export type FakeOidc = {
  googleIssuer: string;
  microsoftIssuer: string;
  /** Who "signs in" next; sticky until changed. */
  setNextUser(provider: ProviderName, user: FakeOidcUser): void;
  /** The next authorization ends with error=access_denied at the client's redirect_uri (one-shot). */
  denyNext(provider: ProviderName): void;
  /** Revoke every refresh token so the next refresh grant fails with invalid_grant. */
  revokeAllRefreshTokens(provider: ProviderName): void;
  /** Revoke one account's refresh tokens (the person removed the app's access in that account). */
  revokeRefreshTokensOf(provider: ProviderName, sub: string): void;
  /**
   * The next consent leaves out this scope, as Google's granular consent lets a person untick one
   * (one-shot); the token response's `scope` then lacks it.
   */
  withholdNext(provider: ProviderName, scope: string): void;
  /** The account an access token this provider issued acts for, or null for a token it never issued. */
  accountOf(provider: ProviderName, accessToken: string): { sub: string; email: string } | null;
  /** The scopes granted to an access token this provider issued, or null for a token it never issued. */
  scopesOf(provider: ProviderName, accessToken: string): string[] | null;
  close(): Promise<void>;
};

const PROVIDERS: ProviderName[] = ['google', 'microsoft'];
/** Graph's mail permissions the app may ask for: sending, the Sent Items lookup, reading mail. */
const GRAPH_MAIL_SCOPES = ['Mail.Send', 'Mail.ReadBasic', 'Mail.Read'];
const SCOPES: Record<ProviderName, string[]> = {
  google: [
    'openid',
    'email',
    'profile',
    'https://www.googleapis.com/auth/gmail.send',
    'https://www.googleapis.com/auth/gmail.readonly',
    'https://www.googleapis.com/auth/gmail.metadata',
  ],
  microsoft: ['openid', 'email', 'profile', 'offline_access', 'User.Read', ...GRAPH_MAIL_SCOPES],
};

// oidc-provider ships no type declarations (and @types/oidc-provider is not installed), so we describe
// only the surface this fake touches.
type Interaction = {
  prompt: { name: string; details: { missingOIDCClaims?: string[] } };
  params: { client_id: string; scope?: string };
  session?: { accountId?: string };
  grantId?: string;
};
type Grant = {
  addOIDCScope(scope: string): void;
  rejectOIDCScope(scope: string): void;
  addOIDCClaims(claims: string[]): void;
  save(): Promise<string>;
};
type Provider = {
  callback(): (req: IncomingMessage, res: ServerResponse) => Promise<void>;
  interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
  interactionFinished(
    req: IncomingMessage,
    res: ServerResponse,
    result: Record<string, unknown>,
    opts?: { mergeWithLastSubmission?: boolean },
  ): Promise<void>;
  Grant: {
    new (init: { accountId: string; clientId: string }): Grant;
    find(id: string): Promise<Grant | undefined>;
  };
};
type OidcModule = {
  Provider: new (issuer: string, configuration: Record<string, unknown>) => Provider;
  interactionPolicy: {
    base(): { add(prompt: unknown, index?: number): void };
    Prompt: new (opts: { name: string; requestable: boolean }) => unknown;
  };
};

let oidcModule: Promise<OidcModule> | undefined;
function loadOidcProvider(): Promise<OidcModule> {
  oidcModule ??= (async () => {
    // The library warns at import time on any runtime older than Node 22 LTS; the project targets Node 20,
    // where it works fine, so that one line is just noise in test output.
    const warn = console.warn;
    console.warn = (...args: unknown[]) => {
      if (!String(args[0]).includes('Unsupported runtime')) warn(...args);
    };
    try {
      // @ts-expect-error -- untyped package, see OidcModule above
      return (await import('oidc-provider')) as OidcModule;
    } finally {
      console.warn = warn;
    }
  })();
  return oidcModule;
}

type State = {
  name: ProviderName;
  provider: Provider;
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<void>;
  store: Store;
  users: Map<string, FakeOidcUser>;
  nextUser?: FakeOidcUser;
  denyNext: boolean;
  withheld?: string;
};

function accountClaims(name: ProviderName, user: FakeOidcUser): Record<string, unknown> {
  const fullName = user.name ?? ([user.given_name, user.family_name].filter(Boolean).join(' ') || undefined);
  const claims: Record<string, unknown> = {
    sub: user.sub,
    email: user.email,
    email_verified: true,
    given_name: user.given_name,
    family_name: user.family_name,
    name: fullName,
    picture: user.picture,
    // Microsoft identity platform puts the sign-in address here; apps often fall back to it.
    preferred_username: name === 'microsoft' ? user.email : undefined,
  };
  return Object.fromEntries(Object.entries(claims).filter(([, v]) => v !== undefined));
}

function buildProvider(
  mod: OidcModule,
  issuer: string,
  state: Omit<State, 'provider' | 'handle'>,
  client: FakeOidcClient,
) {
  const { name, store, users } = state;
  // The app sends prompt=select_account to Microsoft (Google knows it too); the library only knows
  // login/consent and would reject the request, so it becomes a prompt the automatic login resolves.
  const policy = mod.interactionPolicy.base();
  policy.add(new mod.interactionPolicy.Prompt({ name: 'select_account', requestable: true }), 0);
  const jwk = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });

  return new mod.Provider(issuer, {
    adapter: (model: string) => store.adapter(model),
    jwks: { keys: [{ ...jwk, kid: `${name}-1`, alg: 'RS256', use: 'sig' }] },
    // Both issuers share one host, and browsers don't isolate cookies by port, so names are namespaced.
    cookies: {
      keys: [randomBytes(32).toString('base64url')],
      names: { session: `_${name}_session`, interaction: `_${name}_interaction`, resume: `_${name}_resume` },
    },
    clients: [
      {
        client_id: client.clientId,
        client_secret: client.clientSecret,
        redirect_uris: client.redirectUris,
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        // The library accepts client_secret_post as well whenever a secret-based method is registered.
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    scopes: SCOPES[name],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name', 'picture', 'preferred_username'],
    },
    conformIdTokenClaims: false,
    findAccount: async (_ctx: unknown, sub: string) => {
      const user = users.get(sub);
      return user && { accountId: sub, claims: async () => accountClaims(name, user) };
    },
    features: { devInteractions: { enabled: false } },
    interactions: {
      policy,
      url: (_ctx: unknown, interaction: { uid: string }) => `/${name}/interaction/${interaction.uid}`,
    },
    pkce: { required: () => true },
    // Google issues refresh tokens for access_type=offline without any offline_access scope.
    issueRefreshToken: async (_ctx: unknown, c: { grantTypeAllowed(type: string): boolean }) =>
      c.grantTypeAllowed('refresh_token'),
    expiresWithSession: async () => false,
    rotateRefreshToken: false,
    ttl: {
      AccessToken: 3600,
      AuthorizationCode: 60,
      IdToken: 3600,
      RefreshToken: 30 * 24 * 3600,
      Interaction: 600,
      Session: 24 * 3600,
      Grant: 30 * 24 * 3600,
    },
    clientBasedCORS: () => true,
    renderError: async (ctx: { type: string; body: unknown }, out: Record<string, string>) => {
      ctx.type = 'json';
      ctx.body = out;
    },
  });
}

async function handleInteraction(state: State, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const { provider } = state;
  const details = await provider.interactionDetails(req, res);
  if (state.denyNext) {
    state.denyNext = false;
    const result = { error: 'access_denied', error_description: 'The user denied consent' };
    return provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false });
  }
  if (details.prompt.name === 'login' || details.prompt.name === 'select_account') {
    const user = state.nextUser;
    if (!user) return sendText(res, 500, `fake-oidc: no user set for ${state.name}; call setNextUser first`);
    state.users.set(user.sub, user);
    return provider.interactionFinished(req, res, { select_account: {}, login: { accountId: user.sub } });
  }
  const grant =
    (details.grantId && (await provider.Grant.find(details.grantId))) ||
    new provider.Grant({ accountId: details.session?.accountId ?? '', clientId: details.params.client_id });
  const asked = (details.params.scope ?? 'openid').split(' ');
  grant.addOIDCScope(asked.filter((scope) => scope !== state.withheld).join(' '));
  // Rejected, not just left out: the library would otherwise ask for the missing scope again.
  if (state.withheld && asked.includes(state.withheld)) grant.rejectOIDCScope(state.withheld);
  state.withheld = undefined;
  if (details.prompt.details.missingOIDCClaims) grant.addOIDCClaims(details.prompt.details.missingOIDCClaims);
  const grantId = await grant.save();
  return provider.interactionFinished(req, res, { consent: { grantId } });
}

/**
 * Signs the browser out before an authorization request: otherwise a leftover session for another account
 * makes oidc-provider detour through a logout form, and setNextUser would not take effect.
 */
function signOut(req: IncomingMessage, res: ServerResponse, cookie: string): void {
  const names = [cookie, `${cookie}.sig`];
  const pairs = (req.headers.cookie ?? '').split(/;\s*/);
  const kept = pairs.filter((pair) => !names.includes(pair.slice(0, pair.indexOf('='))));
  if (kept.length === pairs.length) return;
  req.headers.cookie = kept.join('; ');
  // Koa's cookie writer appends to an existing Set-Cookie header, so a new session set later still wins.
  res.setHeader(
    'Set-Cookie',
    names.map((name) => `${name}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT; samesite=lax; httponly`),
  );
}

function sendText(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' }).end(text);
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
}

export async function startFakeOidc(opts: {
  port?: number;
  google: FakeOidcClient;
  microsoft: FakeOidcClient;
}): Promise<FakeOidc> {
  const mod = await loadOidcProvider();
  const states = new Map<ProviderName, State>();

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    const control = /^\/__control\/(next-user|deny-next|revoke-refresh-tokens)\/(google|microsoft)$/.exec(
      path,
    );
    if (control && req.method === 'POST') {
      const provider = control[2] as ProviderName;
      if (control[1] === 'next-user') fake.setNextUser(provider, (await readJson(req)) as FakeOidcUser);
      else if (control[1] === 'deny-next') fake.denyNext(provider);
      else fake.revokeAllRefreshTokens(provider);
      return sendText(res, 204, '');
    }
    const name = PROVIDERS.find((p) => path === `/${p}` || path.startsWith(`/${p}/`));
    const state = name && states.get(name);
    if (!state) return sendText(res, 404, 'not found');
    if (path.startsWith(`/${state.name}/interaction/`)) return handleInteraction(state, req, res);
    if (path === `/${state.name}/auth`) {
      // Microsoft takes exactly one prompt value (login, none, consent or select_account).
      const prompt = new URL(req.url ?? '/', 'http://fake').searchParams.get('prompt');
      if (state.name === 'microsoft' && prompt?.includes(' '))
        return sendText(res, 400, `AADSTS90023: Invalid prompt value '${prompt}'.`);
      signOut(req, res, `_${state.name}_session`);
    }
    // oidc-provider works out its mount path from originalUrl vs url, the way Express hands it over.
    const url = req.url ?? '/';
    Object.assign(req, { originalUrl: url, url: url.slice(state.name.length + 1) || '/' });
    return state.handle(req, res);
  }

  const server = createServer((req, res) => {
    route(req, res).catch((err: unknown) => {
      if (res.headersSent) return void res.end();
      sendText(res, 500, `fake-oidc: ${err instanceof Error ? err.message : String(err)}`);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const issuer = (name: ProviderName) => `http://127.0.0.1:${port}/${name}`;

  for (const name of PROVIDERS) {
    const base = { name, store: new Store(), users: new Map<string, FakeOidcUser>(), denyNext: false };
    const provider = buildProvider(mod, issuer(name), base, opts[name]);
    states.set(name, { ...base, provider, handle: provider.callback() });
  }
  const get = (name: ProviderName) => states.get(name) as State;

  const fake: FakeOidc = {
    googleIssuer: issuer('google'),
    microsoftIssuer: issuer('microsoft'),
    setNextUser(provider, user) {
      const state = get(provider);
      state.nextUser = user;
      state.users.set(user.sub, user);
    },
    denyNext(provider) {
      get(provider).denyNext = true;
    },
    revokeAllRefreshTokens(provider) {
      get(provider).store.revokeModel('RefreshToken');
    },
    revokeRefreshTokensOf(provider, sub) {
      const { entries } = get(provider).store;
      for (const [key, entry] of entries)
        if (key.startsWith('RefreshToken:') && entry.payload.accountId === sub) entries.delete(key);
    },
    withholdNext(provider, scope) {
      get(provider).withheld = scope;
    },
    accountOf(provider, accessToken) {
      const state = get(provider);
      // An expired token acts for nobody: the APIs answer 401 to it, as Google's and Graph's do.
      const entry = state.store.entries.get(`AccessToken:${accessToken}`);
      const sub = entry && entry.expiresAt > Date.now() ? entry.payload.accountId : undefined;
      const user = typeof sub === 'string' ? state.users.get(sub) : undefined;
      return user ? { sub: user.sub, email: user.email.toLowerCase() } : null;
    },
    scopesOf(provider, accessToken) {
      // Opaque access tokens are their own id in the store.
      const scope = get(provider).store.entries.get(`AccessToken:${accessToken}`)?.payload.scope;
      return typeof scope === 'string' ? scope.split(' ') : null;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
  return fake;
}

/**
 * Follows an authorization URL through the fake provider like a browser would (carrying the provider's
 * cookies), and returns the final redirect to the client's redirect_uri (not fetched). Pass the same `jar`
 * to several calls to act like one browser that keeps the provider's cookies between sign-ins.
 */
export async function completeAuthorization(
  authorizationUrl: string,
  jar: Map<string, string> = new Map(),
): Promise<URL> {
  let url = new URL(authorizationUrl);
  for (let hop = 0; hop < 20; hop++) {
    const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(url, { redirect: 'manual', headers: cookie ? { cookie } : {} });
    for (const setCookie of res.headers.getSetCookie()) {
      const [pair = '', ...attributes] = setCookie.split(';');
      const eq = pair.indexOf('=');
      const [k, v] = [pair.slice(0, eq).trim(), pair.slice(eq + 1).trim()];
      const expires = attributes.find((a) => /^\s*expires=/i.test(a))?.split('=')[1];
      const expired = !v || (expires !== undefined && Date.parse(expires) <= Date.now());
      if (expired) jar.delete(k);
      else jar.set(k, v);
    }
    const location = res.headers.get('location');
    if (res.status < 300 || res.status >= 400 || !location) {
      throw new Error(`fake-oidc: expected a redirect from ${url}, got ${res.status}: ${await res.text()}`);
    }
    await res.body?.cancel();
    const next = new URL(location, url);
    if (next.origin !== url.origin) return next;
    url = next;
  }
  throw new Error('fake-oidc: too many redirects');
}
