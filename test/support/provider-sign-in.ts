import { completeAuthorization, type FakeOidc } from '../fakes/oidc-provider';
import type { TestApp } from './test-app';

/** Signs a new user in through the fake Google or Microsoft OIDC provider, as the browser would. */
export async function signInWithProvider(
  t: TestApp,
  oidc: FakeOidc,
  provider: 'google' | 'microsoft',
  email: string,
) {
  oidc.setNextUser(provider, {
    sub: `${provider}-${email}`,
    email,
    given_name: 'Pat',
    family_name: 'Sender',
  });
  const start = await t.app.inject({ url: `/api/auth/${provider === 'google' ? 'google' : 'outlook'}` });
  const flow = start.cookies.find((c) => c.name === 'tailor_oidc')!;
  const callback = await completeAuthorization(start.headers.location as string);
  const done = await t.app.inject({
    url: callback.pathname + callback.search,
    headers: { cookie: `tailor_oidc=${flow.value}` },
  });
  const cookie = `tailor_session=${done.cookies.find((c) => c.name === 'tailor_session')!.value}`;
  const me = (await t.app.inject({ url: '/api/auth/user', headers: { cookie } })).json();
  return { cookie, userId: me.id as number };
}
