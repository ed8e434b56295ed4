import { sealTokens } from '../auth/provider-tokens';
import type { AppContext } from '../context';
import { MailAuthError } from '../mail/mail-errors';
import { type MailboxRow, markAccountMailboxNeedsReauth } from '../queries/mailboxes';
import { findOauthAccount, saveAccountTokens } from '../queries/users';

export type ProviderAccess = {
  /** A valid access token; `refresh` asks for a new one after the provider refused the current one. */
  token(refresh: boolean): Promise<string>;
  /** The scopes the user granted, space-separated, as the provider reported them. */
  scopes: string | null;
};

type Ctx = Pick<AppContext, 'db' | 'oidc' | 'tokens'>;
type ProviderMailbox = Pick<MailboxRow, 'kind' | 'oauthAccountId' | 'address'>;

const providerName = (kind: MailboxRow['kind']) => (kind === 'google' ? 'Gmail' : 'Outlook');

/**
 * A Google or Microsoft mailbox's access, for sending and for reading: the stored access token of
 * the mailbox's own account (not "the person's account of that provider": a person may have two
 * Google accounts), refreshed with its refresh token when about to expire or refused. A refresh
 * that fails marks that mailbox alone as needing a new connection, naming its address.
 */
export async function providerAccess(ctx: Ctx, mailbox: ProviderMailbox): Promise<ProviderAccess> {
  const provider = mailbox.kind === 'microsoft' ? 'microsoft' : 'google';
  const account = mailbox.oauthAccountId ? await findOauthAccount(ctx.db, mailbox.oauthAccountId) : null;
  const name = `The ${providerName(mailbox.kind)} mailbox ${mailbox.address ?? account?.email ?? ''}`.trim();
  if (!account?.accessTokenEnc) throw new MailAuthError(`${name} is not connected: connect it again.`);
  let accessToken = unseal(ctx, account.accessTokenEnc, name);
  const token = async (refresh: boolean) => {
    const expired =
      (account.accessTokenExpiresAt?.getTime() ?? Number.POSITIVE_INFINITY) < Date.now() + 60_000;
    if (!refresh && !expired) return accessToken;
    if (!account.refreshTokenEnc) throw new MailAuthError(`${name}'s connection expired: connect it again.`);
    try {
      const fresh = await ctx.oidc.refresh(provider, unseal(ctx, account.refreshTokenEnc, name));
      await saveAccountTokens(ctx.db, account.id, sealTokens(ctx as AppContext, fresh));
      account.accessTokenExpiresAt = fresh.expiresAt;
      accessToken = fresh.accessToken;
      return accessToken;
    } catch (err) {
      await markAccountMailboxNeedsReauth(ctx.db, account.id, true);
      throw new MailAuthError(`${name}'s connection expired: connect it again (${(err as Error).message}).`);
    }
  };
  return { token, scopes: account.scopes };
}

/**
 * A token sealed under another SECRET_KEY (changed without the rotate-secret command) cannot be
 * read; a new connection stores fresh ones, so the mailbox waits for that like for a refused token.
 */
function unseal(ctx: Pick<AppContext, 'tokens'>, sealed: string, name: string) {
  try {
    return ctx.tokens.decrypt(sealed);
  } catch {
    throw new MailAuthError(
      `${name}'s stored connection cannot be read (SECRET_KEY changed?): connect it again.`,
    );
  }
}
