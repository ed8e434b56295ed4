import { sealTokens } from '../auth/provider-tokens';
import type { AppContext } from '../context';
import { MailAuthError } from '../mail/mail-errors';
import { markSignInMailboxNeedsReauth } from '../queries/mailboxes';
import { findOauthAccount, saveAccountTokens } from '../queries/users';

export type ProviderAccess = {
  /** A valid access token; `refresh` asks for a new one after the provider refused the current one. */
  token(refresh: boolean): Promise<string>;
  /** The scopes the user granted, space-separated, as the provider reported them. */
  scopes: string | null;
};

/**
 * The user's access to their Google or Microsoft mailbox, for sending and for reading: the
 * stored access token, refreshed with the refresh token when it is about to expire or was
 * refused. A refresh that fails marks the mailbox as needing a new sign-in.
 */
export async function providerAccess(
  ctx: Pick<AppContext, 'db' | 'oidc' | 'tokens'>,
  userId: number,
  provider: 'google' | 'microsoft',
): Promise<ProviderAccess> {
  const account = await findOauthAccount(ctx.db, userId, provider);
  if (!account?.accessTokenEnc) throw new MailAuthError('This mailbox is not connected: sign in again.');
  let accessToken = unseal(ctx, account.accessTokenEnc);
  const token = async (refresh: boolean) => {
    const expired =
      (account.accessTokenExpiresAt?.getTime() ?? Number.POSITIVE_INFINITY) < Date.now() + 60_000;
    if (!refresh && !expired) return accessToken;
    if (!account.refreshTokenEnc) throw new MailAuthError('The mailbox connection expired: sign in again.');
    try {
      const fresh = await ctx.oidc.refresh(provider, unseal(ctx, account.refreshTokenEnc));
      await saveAccountTokens(ctx.db, account.id, sealTokens(ctx as AppContext, fresh));
      account.accessTokenExpiresAt = fresh.expiresAt;
      accessToken = fresh.accessToken;
      return accessToken;
    } catch (err) {
      await markSignInMailboxNeedsReauth(ctx.db, userId, provider, true);
      throw new MailAuthError(`The mailbox connection expired: sign in again (${(err as Error).message}).`);
    }
  };
  return { token, scopes: account.scopes };
}

/**
 * A token sealed under another SECRET_KEY (changed without the rotate-secret command) cannot be
 * read; a new sign-in stores fresh ones, so the mailbox waits for that like for a refused token.
 */
function unseal(ctx: Pick<AppContext, 'tokens'>, sealed: string) {
  try {
    return ctx.tokens.decrypt(sealed);
  } catch {
    throw new MailAuthError(
      'The stored mailbox connection cannot be read (SECRET_KEY changed?): sign in again.',
    );
  }
}
