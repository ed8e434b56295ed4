import type { Mailbox } from '../../src/contract/mailboxes';
import { completeAuthorization, type FakeOidc, type FakeOidcUser } from '../fakes/oidc-provider';
import type { TestApp } from './test-app';

/**
 * "Connect Gmail" / "Connect Outlook" as a browser does it: the app's connect route (with the
 * session cookie), the fake provider's pages, then the shared sign-in callback with both cookies.
 * `account` is who the person picks at the provider; `session` null leaves the callback without it.
 */
export async function connectAccount(
  t: TestApp,
  oidc: FakeOidc,
  opts: {
    cookie: string;
    provider: 'google' | 'microsoft';
    account: FakeOidcUser;
    callbackCookie?: string | null;
    tamper?: (callback: URL) => void;
  },
) {
  oidc.setNextUser(opts.provider, opts.account);
  const path = opts.provider === 'google' ? 'google' : 'outlook';
  const start = await t.app.inject({
    url: `/api/mailboxes/connect/${path}`,
    headers: { cookie: opts.cookie },
  });
  if (start.statusCode !== 302) throw new Error(`connect start answered ${start.statusCode}: ${start.body}`);
  const authorization = new URL(start.headers.location as string);
  const flow = start.cookies.find((c) => c.name === 'tailor_oidc')!;
  const callback = await completeAuthorization(authorization.href);
  opts.tamper?.(callback);
  const flowCookie = `tailor_oidc=${flow.value}`;
  const session = opts.callbackCookie === undefined ? opts.cookie : opts.callbackCookie;
  const finish = (cookie: string | null) =>
    t.app.inject({
      url: callback.pathname + callback.search,
      headers: { cookie: [flowCookie, cookie].filter(Boolean).join('; ') },
    });
  const res = await finish(session);
  return { res, authorization, callback, flowCookie, replay: finish };
}

/** Where a connect's callback sent the browser: Settings, with how it ended. */
export function connectNotice(res: { statusCode: number; headers: Record<string, unknown> }) {
  const location = new URL(String(res.headers.location), 'http://app');
  return {
    path: location.pathname,
    notice: location.searchParams.get('connect'),
    address: location.searchParams.get('address'),
  };
}

export async function mailboxesOf(t: TestApp, cookie: string): Promise<Mailbox[]> {
  const res = await t.app.inject({ url: '/api/mailboxes', headers: { cookie } });
  if (res.statusCode !== 200) throw new Error(`GET /api/mailboxes answered ${res.statusCode}`);
  return res.json();
}
