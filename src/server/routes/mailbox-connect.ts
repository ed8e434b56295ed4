import type { FastifyReply, FastifyRequest } from 'fastify';
import { api } from '../../contract/api';
import { type OidcProviderName, type PendingSignIn, PROVIDER_PATHS } from '../auth/oidc';
import { setPendingCookie } from '../auth/pending-cookie';
import { SESSION_COOKIE } from '../auth/require-user';
import { resumeSession } from '../auth/sessions';
import type { AppContext } from '../context';
import { AppError } from '../errors';
import { type ConnectNotice, completeConnect } from '../services/connect-mailbox';
import type { AppInstance } from './app-instance';
import { routeServer } from './serve';

/**
 * "Connect Gmail" / "Connect Outlook" in Settings → Mailboxes: the same OIDC flow as sign-in (PKCE,
 * state, nonce, the provider's registered redirect URI), started by a signed-in person, whose
 * callback saves another account of theirs as a mailbox instead of signing anyone in.
 */
export function mailboxConnectRoutes(app: AppInstance, ctx: AppContext) {
  const serve = routeServer(app, ctx);
  const limited = {
    config: { rateLimit: { max: ctx.config.auth.rateLimitPerMinute, timeWindow: '1 minute' } },
  };
  serve(api.mailboxes.connect, limited, async (request, reply) => {
    const provider = PROVIDER_PATHS[request.params.provider]!;
    if (!ctx.oidc.isEnabled(provider)) {
      throw new AppError('not_found', `${provider === 'google' ? 'Google' : 'Microsoft'} is not configured`);
    }
    const person = { userId: request.user.id, sessionId: request.sessionId };
    const { url, pending } = await ctx.oidc.beginConnect(provider, person);
    setPendingCookie(ctx, reply, pending);
    return reply.redirect(url.href);
  });
}

/** Back to Settings with how the connect ended, which the Mailboxes card says in words. */
function backToSettings(reply: FastifyReply, notice: ConnectNotice, address: string | null = null) {
  const query = new URLSearchParams({ connect: notice, ...(address && { address }) });
  return reply.redirect(`/settings?${query}`);
}

/**
 * The callback of a connect (its pending cookie says so): only for the session that started it,
 * since the account is saved for that person; a provider's refusal (error=access_denied) is told.
 */
export async function finishConnect(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  pending: PendingSignIn,
  provider: OidcProviderName,
) {
  const query = request.query as Record<string, string | undefined>;
  const token = request.cookies[SESSION_COOKIE];
  const session = token ? await resumeSession(ctx.db, ctx.sessions, token) : null;
  const sameSession =
    session !== null &&
    pending.userId !== undefined &&
    session.user.id === pending.userId &&
    session.sessionId === pending.sessionId;
  if (!sameSession) return backToSettings(reply, 'signed-out');
  if (query.error) {
    request.log.info({ provider, error: query.error }, 'mailbox connection not granted');
    return backToSettings(reply, query.error === 'access_denied' ? 'denied' : 'failed');
  }
  if (pending.provider !== provider) return backToSettings(reply, 'failed');
  try {
    const callbackUrl = new URL(request.url, ctx.config.publicUrl);
    const { notice, address } = await completeConnect(
      ctx,
      { ...pending, userId: session.user.id },
      callbackUrl,
    );
    return backToSettings(reply, notice, address);
  } catch (err) {
    request.log.warn({ err, provider }, 'mailbox connection failed');
    return backToSettings(reply, 'failed');
  }
}
