/**
 * Standalone fake Google + Microsoft OIDC provider for Playwright runs: `node --import tsx test/fakes/run-fake-oidc.ts`.
 * The same server answers POST /__control/next-user/:provider (JSON FakeOidcUser body),
 * /__control/deny-next/:provider and /__control/revoke-refresh-tokens/:provider.
 */
import { type FakeOidcUser, startFakeOidc } from './oidc-provider';

const env = process.env;
const redirectBase = (env.FAKE_REDIRECT_BASE ?? 'http://127.0.0.1:5055').replace(/\/$/, '');

function userFromEnv(name: string, fallback: FakeOidcUser): FakeOidcUser {
  const raw = env[name];
  return raw ? (JSON.parse(raw) as FakeOidcUser) : fallback;
}

const fake = await startFakeOidc({
  port: Number(env.FAKE_OIDC_PORT ?? 4401),
  google: {
    clientId: env.FAKE_GOOGLE_CLIENT_ID ?? 'fake-google-client',
    clientSecret: env.FAKE_GOOGLE_CLIENT_SECRET ?? 'fake-google-secret',
    redirectUris: [`${redirectBase}/api/auth/google/callback`],
  },
  microsoft: {
    clientId: env.FAKE_MICROSOFT_CLIENT_ID ?? 'fake-microsoft-client',
    clientSecret: env.FAKE_MICROSOFT_CLIENT_SECRET ?? 'fake-microsoft-secret',
    redirectUris: [`${redirectBase}/api/auth/outlook/callback`],
  },
});

fake.setNextUser(
  'google',
  userFromEnv('FAKE_GOOGLE_USER', {
    sub: '100000000000000000001',
    email: 'grace@example.com',
    given_name: 'Grace',
    family_name: 'Hopper',
    name: 'Grace Hopper',
    picture: 'https://example.com/avatars/grace-hopper.png',
  }),
);
fake.setNextUser(
  'microsoft',
  userFromEnv('FAKE_MICROSOFT_USER', {
    sub: '00000000-0000-0000-0000-000000000002',
    email: 'alan@example.org',
    given_name: 'Alan',
    family_name: 'Turing',
    name: 'Alan Turing',
  }),
);

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    void fake.close().finally(() => process.exit(0));
  });
}

console.log(`fake-oidc ready ${fake.googleIssuer} ${fake.microsoftIssuer}`);
