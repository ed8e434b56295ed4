import { sealTokens } from '../../auth/provider-tokens';
import type { AppContext } from '../../context';
import { gmailTransport } from '../../mail/gmail';
import { graphTransport } from '../../mail/graph';
import { MailAuthError } from '../../mail/mail-errors';
import type { MailTransport } from '../../mail/mail-transport';
import { smtpTransport } from '../../mail/smtp';
import { findOauthAccount, markMailboxNeedsReauth, saveAccountTokens } from '../../queries/users';
import { outboxTransport } from './outbox-transport';

export type Mailbox = {
  transport: MailTransport;
  pacingKey: 'google' | 'microsoft' | 'smtp' | null;
};

const GMAIL_READ_SCOPES = [
  'https://www.googleapis.com/auth/gmail.readonly',
  'https://www.googleapis.com/auth/gmail.modify',
  'https://mail.google.com/',
];
/** Gmail refuses searches (`q`) to any token that holds this scope, whatever else it holds. */
const GMAIL_METADATA_SCOPE = 'https://www.googleapis.com/auth/gmail.metadata';
const GRAPH_READ_SCOPES = ['Mail.ReadBasic', 'Mail.Read'];

/** Whether the granted scopes let the Sent folder be searched by Message-ID. */
export function canSearchSent(provider: 'google' | 'microsoft', scopes: string | null): boolean {
  const granted = new Set(scopes?.split(/\s+/) ?? []);
  if (provider === 'microsoft') return GRAPH_READ_SCOPES.some((s) => granted.has(s));
  return !granted.has(GMAIL_METADATA_SCOPE) && GMAIL_READ_SCOPES.some((s) => granted.has(s));
}

/**
 * How a user's mail leaves: their Gmail or Outlook mailbox when they signed in with Google or
 * Microsoft; for local users, SMTP when SMTP_URL is set, else the in-app outbox.
 */
export async function mailboxFor(
  ctx: Pick<AppContext, 'db' | 'config' | 'oidc' | 'tokens'>,
  user: { id: number },
  provider: 'google' | 'microsoft' | 'local',
): Promise<Mailbox> {
  if (provider === 'local') {
    return ctx.config.mail.smtp
      ? { transport: smtpTransport(ctx.config.mail.smtp), pacingKey: 'smtp' }
      : { transport: outboxTransport(ctx.db, user.id), pacingKey: null };
  }
  const account = await findOauthAccount(ctx.db, user.id, provider);
  if (!account?.accessTokenEnc)
    throw new MailAuthError('This mailbox is not connected: sign in again to send.');
  let accessToken = unseal(ctx, account.accessTokenEnc);
  const token = async (refresh: boolean) => {
    const expired =
      (account.accessTokenExpiresAt?.getTime() ?? Number.POSITIVE_INFINITY) < Date.now() + 60_000;
    if (!refresh && !expired) return accessToken;
    if (!account.refreshTokenEnc)
      throw new MailAuthError('The mailbox connection expired: sign in again to send.');
    try {
      const fresh = await ctx.oidc.refresh(provider, unseal(ctx, account.refreshTokenEnc));
      await saveAccountTokens(ctx.db, account.id, sealTokens(ctx as AppContext, fresh));
      account.accessTokenExpiresAt = fresh.expiresAt;
      accessToken = fresh.accessToken;
      return accessToken;
    } catch (err) {
      await markMailboxNeedsReauth(ctx.db, user.id, true);
      throw new MailAuthError(
        `The mailbox connection expired: sign in again to send (${(err as Error).message}).`,
      );
    }
  };
  const canRead = canSearchSent(provider, account.scopes);
  const timeoutMs = ctx.config.mail.timeoutMs;
  return provider === 'google'
    ? {
        transport: gmailTransport({ baseUrl: ctx.config.mail.gmailApiUrl, token, canRead, timeoutMs }),
        pacingKey: 'google',
      }
    : {
        transport: graphTransport({ baseUrl: ctx.config.mail.graphApiUrl, token, canRead, timeoutMs }),
        pacingKey: 'microsoft',
      };
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
      'The stored mailbox connection cannot be read (SECRET_KEY changed?): sign in again to send.',
    );
  }
}
