import { type FakeMailProviders, startFakeMailProviders } from '../fakes/mail-providers';
import { type FakeOidc, startFakeOidc } from '../fakes/oidc-provider';
import { type DatabaseKind, startTestApp, type TestApp } from './test-app';

export const PROVIDER_APP_URL = 'http://127.0.0.1:5999';

/**
 * An app whose users sign in with the fake Google and Microsoft and send through the fake Gmail
 * and Graph APIs, which enforce the scopes the fake sign-in granted. Sent-folder reading is on.
 * `perAccount`: the fake APIs keep a mailbox per account, refuse tokens the fake sign-in did not
 * issue (or that expired), and apply each service's rule to a From of another address.
 */
export async function startProviderApp(
  env: Record<string, string> = {},
  opts: { kind?: DatabaseKind; perAccount?: boolean } = {},
) {
  const oidc: FakeOidc = await startFakeOidc({
    google: {
      clientId: 'g',
      clientSecret: 'gs',
      redirectUris: [`${PROVIDER_APP_URL}/api/auth/google/callback`],
    },
    microsoft: {
      clientId: 'm',
      clientSecret: 'ms',
      redirectUris: [`${PROVIDER_APP_URL}/api/auth/outlook/callback`],
    },
  });
  const mail: FakeMailProviders = await startFakeMailProviders({
    scopesOf: oidc.scopesOf,
    ...(opts.perAccount && { accountOf: oidc.accountOf }),
  });
  const t: TestApp = await startTestApp(opts.kind ?? 'pglite', {
    PUBLIC_URL: PROVIDER_APP_URL,
    GOOGLE_CLIENT_ID: 'g',
    GOOGLE_CLIENT_SECRET: 'gs',
    GOOGLE_ISSUER: oidc.googleIssuer,
    MICROSOFT_CLIENT_ID: 'm',
    MICROSOFT_CLIENT_SECRET: 'ms',
    MICROSOFT_ISSUER: oidc.microsoftIssuer,
    MAILBOX_READ_SCOPE: 'true',
    GMAIL_API_URL: mail.gmailUrl,
    GRAPH_API_URL: mail.graphUrl,
    SEND_PACING: 'false',
    ...env,
  });
  return {
    oidc,
    mail,
    t,
    async close() {
      await t.close();
      await mail.close();
      await oidc.close();
    },
  };
}
