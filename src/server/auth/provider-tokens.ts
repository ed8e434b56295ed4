import type { AppContext } from '../context';
import { markSignInMailboxNeedsReauth } from '../queries/mailboxes';
import { findOauthAccount, type Provider, saveAccountTokens } from '../queries/users';
import type { ProviderTokens } from './oidc';

/** Refresh a provider access token this long before it expires. */
const REFRESH_MARGIN_MS = 10 * 60_000;

export function sealTokens(ctx: AppContext, tokens: ProviderTokens) {
  return {
    accessTokenEnc: ctx.tokens.encrypt(tokens.accessToken),
    refreshTokenEnc: tokens.refreshToken ? ctx.tokens.encrypt(tokens.refreshToken) : null,
    accessTokenExpiresAt: tokens.expiresAt,
    scopes: tokens.scopes,
  };
}

/**
 * Keeps the mailbox token fresh while the user is active (the client calls refresh-token every
 * 30 minutes). A refused refresh marks the mailbox as needing a new sign-in instead of failing
 * the request: the session itself is still fine.
 */
export async function refreshProviderTokenIfDue(ctx: AppContext, userId: number, provider: Provider) {
  if (provider === 'local') return;
  const account = await findOauthAccount(ctx.db, userId, provider);
  if (!account?.refreshTokenEnc) return;
  const expiresAt = account.accessTokenExpiresAt?.getTime() ?? 0;
  if (expiresAt - Date.now() > REFRESH_MARGIN_MS) return;
  try {
    const fresh = await ctx.oidc.refresh(provider, ctx.tokens.decrypt(account.refreshTokenEnc));
    await saveAccountTokens(ctx.db, account.id, sealTokens(ctx, fresh));
    await markSignInMailboxNeedsReauth(ctx.db, userId, provider, false);
  } catch (err) {
    ctx.log.warn({ err, userId, provider }, 'provider token refresh failed');
    await markSignInMailboxNeedsReauth(ctx.db, userId, provider, true);
  }
}
