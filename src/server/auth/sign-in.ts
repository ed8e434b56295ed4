import type { AppContext } from '../context';
import { signInIdentity } from '../queries/users';
import type { PendingSignIn } from './oidc';
import { sealTokens } from './provider-tokens';

/** Finishes an OIDC sign-in: exchanges the code, then creates or updates the user and their tokens;
 * returns the user and the account's id. */
export async function completeOidcSignIn(ctx: AppContext, pending: PendingSignIn, callbackUrl: URL) {
  const { identity, tokens } = await ctx.oidc.finishSignIn(pending, callbackUrl);
  return signInIdentity(ctx.db, identity, sealTokens(ctx, tokens));
}
