import type { LocalSignInBody } from '../../contract/auth';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { isDirectLoopbackRequest } from '../lib/loopback';
import { upsertUserFromIdentity } from '../queries/users';

const DEFAULT_LOCAL_EMAIL = 'you@localhost';

/**
 * Local sign-in has no password, so it is offered only when configured and, unless
 * LOCAL_SIGN_IN=true, only to requests from this machine that did not pass through a proxy
 * (a reverse proxy on the same host would otherwise make every visitor look local).
 */
export function localSignInAllowed(
  config: Config,
  request: Parameters<typeof isDirectLoopbackRequest>[0],
): boolean {
  if (!config.auth.localSignIn) return false;
  if (config.auth.localSignInFromAnywhere) return true;
  return isDirectLoopbackRequest(request);
}

/** Creates or finds the local user for an address; its mail goes to the outbox transport. */
export async function signInLocally(db: Db, body: LocalSignInBody) {
  const email = (body.email ?? DEFAULT_LOCAL_EMAIL).toLowerCase();
  return upsertUserFromIdentity(
    db,
    {
      provider: 'local',
      subject: email,
      email,
      firstName: body.firstName ?? null,
      lastName: body.lastName ?? null,
      profileImageUrl: null,
    },
    null,
  );
}
