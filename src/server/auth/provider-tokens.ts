import type { AppContext } from '../context';
import { markAccountMailboxNeedsReauth } from '../queries/mailboxes';
import { mailboxAccountsOf, saveAccountTokens } from '../queries/users';
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
 * Keeps the person's Gmail and Outlook mailbox tokens fresh while they are active (the client
 * calls refresh-token every 30 minutes), each with its own account's refresh token. A refused
 * refresh marks that mailbox alone as needing a new connection instead of failing the request:
 * the session itself is still fine.
 */
export async function refreshProviderTokenIfDue(ctx: AppContext, userId: number) {
  for (const { account } of await mailboxAccountsOf(ctx.db, userId)) {
    if (account.provider === 'local' || !account.refreshTokenEnc) continue;
    const expiresAt = account.accessTokenExpiresAt?.getTime() ?? 0;
    if (expiresAt - Date.now() > REFRESH_MARGIN_MS) continue;
    try {
      const fresh = await ctx.oidc.refresh(account.provider, ctx.tokens.decrypt(account.refreshTokenEnc));
      await saveAccountTokens(ctx.db, account.id, sealTokens(ctx, fresh));
      await markAccountMailboxNeedsReauth(ctx.db, account.id, false);
    } catch (err) {
      ctx.log.warn({ err, userId, provider: account.provider }, 'provider token refresh failed');
      await markAccountMailboxNeedsReauth(ctx.db, account.id, true);
    }
  }
}
