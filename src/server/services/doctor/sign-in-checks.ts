import { createOidc, type OidcProviderName, redirectUriFor } from '../../auth/oidc';
import type { Config } from '../../config';
import { isLoopbackHost } from '../../lib/loopback';
import { type DoctorCheck, fail, pass, reasonOf, warn, within } from './doctor-check';

const NAMES: Record<OidcProviderName, string> = { google: 'Google', microsoft: 'Microsoft' };
const WHERE_REGISTERED: Record<OidcProviderName, string> = {
  google:
    "the OAuth client's Authorized redirect URIs in Google Cloud Console (APIs & Services, Credentials)",
  microsoft:
    "the app registration's Web redirect URIs in Microsoft Entra (App registrations, Authentication)",
};
/** What Google, Microsoft Entra and standard OpenID providers answer to a redirect URL they do not know. */
const REDIRECT_REFUSED = /redirect_uri_mismatch|invalid_redirect_uri|AADSTS50011/i;
/** ... and to a client ID they do not know. */
const CLIENT_UNKNOWN = /invalid_client|AADSTS700016/i;
const PROBE_MS = 15_000;

/**
 * For each configured sign-in provider: the redirect URL derived from PUBLIC_URL is one the provider
 * accepts. Providers do not publish a client's registered URLs, so the doctor starts a sign-in as a
 * browser would and reads the answer: a provider refuses an unregistered redirect URL on its own page
 * instead of sending the browser on. `sawDate` receives each answer's Date header for the clock check.
 */
export async function checkSignIn(
  config: Config,
  sawDate: (source: string, header: string | null) => void,
): Promise<DoctorCheck[]> {
  const providers = (['google', 'microsoft'] as const).filter((p) => config.auth[p]);
  if (providers.length === 0) {
    return [
      pass(
        'sign-in',
        'Sign-in providers',
        config.auth.localSignIn
          ? 'No Google or Microsoft sign-in is configured; local sign-in is on, so there is no redirect URL to match.'
          : 'No Google or Microsoft sign-in is configured, so there is no redirect URL to match.',
      ),
    ];
  }
  const oidc = createOidc(config);
  return Promise.all(providers.map((provider) => checkProvider(config, oidc, provider, sawDate)));
}

async function checkProvider(
  config: Config,
  oidc: ReturnType<typeof createOidc>,
  provider: OidcProviderName,
  sawDate: (source: string, header: string | null) => void,
): Promise<DoctorCheck> {
  const name = NAMES[provider];
  const id = `sign-in-${provider}`;
  const title = `${name} sign-in redirect URL`;
  const redirect = redirectUriFor(config.publicUrl, provider);
  const envPrefix = provider === 'google' ? 'GOOGLE' : 'MICROSOFT';
  const registerTodo = `Add ${redirect} to ${WHERE_REGISTERED[provider]}, or set PUBLIC_URL to the address registered there.`;

  const publicUrl = config.publicUrl;
  if (publicUrl.protocol === 'http:' && !isLoopbackHost(publicUrl.hostname)) {
    return fail(
      id,
      title,
      `PUBLIC_URL is ${publicUrl.origin}: ${name} accepts http:// redirect URLs only for localhost.`,
      'Serve Tailor over HTTPS (a reverse proxy with TLS) and set PUBLIC_URL to its https:// address.',
    );
  }
  if (publicUrl.pathname !== '/') {
    return fail(
      id,
      title,
      `PUBLIC_URL has a path (${publicUrl.pathname}); Tailor serves from the root, so the redirect URL is ${redirect}.`,
      'Serve Tailor at the root of its own host name and set PUBLIC_URL without a path.',
    );
  }

  let answer: Response;
  try {
    const { url } = await within(PROBE_MS, `${name}'s sign-in`, oidc.beginSignIn(provider));
    answer = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(PROBE_MS) });
  } catch (err) {
    const issuer = config.auth[provider]?.issuer;
    return fail(
      id,
      title,
      `${name}'s sign-in at ${issuer} could not be reached: ${reasonOf(err)}.`,
      `Check that this machine reaches ${issuer}${provider === 'google' ? ' (GOOGLE_ISSUER)' : ' (MICROSOFT_TENANT or MICROSOFT_ISSUER)'}.`,
    );
  }
  sawDate(`${name}'s sign-in server`, answer.headers.get('date'));
  const location = answer.headers.get('location') ?? '';
  const body = location ? '' : await answer.text().catch(() => '');
  await answer.body?.cancel().catch(() => {});
  const said = `${location} ${body}`;

  if (REDIRECT_REFUSED.test(said)) {
    return fail(
      id,
      title,
      `${name} does not accept the redirect URL ${redirect} (derived from PUBLIC_URL).`,
      registerTodo,
    );
  }
  if (CLIENT_UNKNOWN.test(said)) {
    return fail(
      id,
      title,
      `${name} does not know the client ID in ${envPrefix}_CLIENT_ID.`,
      `Copy the client ID and secret of the app you registered with ${name} into ${envPrefix}_CLIENT_ID and ${envPrefix}_CLIENT_SECRET.`,
    );
  }
  const redirected = answer.status >= 300 && answer.status < 400 && location !== '';
  if (redirected && location.startsWith(redirect)) {
    // The provider sent the browser back at once: it accepts the URL, with an error for the request.
    const error = new URL(location).searchParams.get('error');
    if (error) {
      return warn(
        id,
        title,
        `${name} accepts the redirect URL ${redirect}, but answered the sign-in with "${error}".`,
        `Check the app registered with ${name}: its allowed scopes and account types.`,
      );
    }
  }
  if (redirected || answer.status === 200) {
    return pass(id, title, `${name} accepts the redirect URL ${redirect}.`);
  }
  return warn(
    id,
    title,
    `${name} answered the sign-in with HTTP ${answer.status}, so the redirect URL ${redirect} is not confirmed.`,
    `Sign in with ${name} once to see its message; if it names the redirect URL: ${registerTodo}`,
  );
}
