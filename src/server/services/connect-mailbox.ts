import type { OidcProviderName, PendingSignIn } from '../auth/oidc';
import { SEND_SCOPES } from '../auth/oidc';
import { sealTokens } from '../auth/provider-tokens';
import type { AppContext } from '../context';
import { saveConnectedAccount } from '../queries/connected-accounts';
import { resumePausedSending } from './sending/resume';
import { forgetMailbox } from './sending/sender';

/** How a connect ended; the Settings page says it in words (`?connect=<notice>&address=<address>`). */
export type ConnectNotice =
  | 'connected'
  | 'reconnected'
  | 'taken'
  | 'no-send'
  | 'no-address'
  | 'denied'
  | 'failed'
  | 'signed-out';

/**
 * Whether the granted scopes allow sending. A provider that names no scopes granted what was
 * asked (RFC 6749 §5.1); Google's granular consent lets a person untick sending, so say so.
 */
function grantsSend(provider: OidcProviderName, scopes: string | null) {
  return scopes === null || scopes.split(/\s+/).includes(SEND_SCOPES[provider]);
}

/**
 * Finishes connecting a Google or Microsoft account as a mailbox of the signed-in person (whose
 * session the caller checked): exchanges the code (throws on a wrong state, a replayed code or any
 * provider error), then saves the account and its mailbox. A mailbox that waited for a new
 * connection resumes and sends what waited. Never starts a session and never changes the profile.
 */
export async function completeConnect(
  ctx: AppContext,
  pending: PendingSignIn & { userId: number },
  callbackUrl: URL,
): Promise<{ notice: ConnectNotice; address: string | null }> {
  const { identity, tokens } = await ctx.oidc.finishSignIn(pending, callbackUrl);
  const address = identity.email;
  if (!grantsSend(pending.provider, tokens.scopes)) return { notice: 'no-send', address };
  if (!address) return { notice: 'no-address', address: null };
  const outcome = await saveConnectedAccount(
    ctx.db,
    pending.userId,
    { ...identity, provider: pending.provider, email: address },
    sealTokens(ctx, tokens),
  );
  if (outcome.kind === 'taken') return { notice: 'taken', address };
  if (outcome.kind === 'reconnected') {
    forgetMailbox(ctx, outcome.mailboxId);
    await resumePausedSending(ctx.db, pending.userId, outcome.accountId, ctx.sendQueue);
  }
  return { notice: outcome.kind, address: outcome.address };
}
