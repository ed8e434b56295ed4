import type { FastifyReply, FastifyRequest } from 'fastify';
import { api } from '../../contract/api';
import { urlOf } from '../../contract/route';
import { type PendingSignIn, PROVIDER_PATHS, providerPath } from '../auth/oidc';
import { setPendingCookie, takePendingCookie } from '../auth/pending-cookie';
import { refreshProviderTokenIfDue } from '../auth/provider-tokens';
import { SESSION_COOKIE, sessionCookieOptions } from '../auth/require-user';
import { endSession, slideSession, startSession } from '../auth/sessions';
import { completeOidcSignIn } from '../auth/sign-in';
import type { AppContext } from '../context';
import { AppError } from '../errors';
import { acceptTermsOfService, deleteAccount, saveTimeZone, signInProviderOf } from '../services/account';
import { isOperator } from '../services/doctor/operators';
import { localSignInAllowed, signInLocally } from '../services/local-sign-in';
import { mailboxNeedsSignIn } from '../services/mailboxes';
import { resumePausedSending } from '../services/sending/resume';
import type { AppInstance } from './app-instance';
import { finishConnect } from './mailbox-connect';
import { routeServer } from './serve';

/** Sign-in, session and account-level routes (docs/product.md §1, §10). */
export function authRoutes(app: AppInstance, ctx: AppContext) {
  const serve = routeServer(app, ctx);
  const limited = {
    config: { rateLimit: { max: ctx.config.auth.rateLimitPerMinute, timeWindow: '1 minute' } },
  };
  const a = api.auth;

  serve(a.start, limited, async (request, reply) => {
    const provider = PROVIDER_PATHS[request.params.provider]!;
    if (!ctx.oidc.isEnabled(provider)) {
      throw new AppError(
        'not_found',
        `${provider === 'google' ? 'Google' : 'Microsoft'} sign-in is not configured`,
      );
    }
    const { url, pending } = await ctx.oidc.beginSignIn(provider);
    setPendingCookie(ctx, reply, pending);
    return reply.redirect(url.href);
  });

  serve(a.callback, limited, async (request, reply) => {
    const provider = PROVIDER_PATHS[request.params.provider]!;
    const pending = takePendingCookie(request, reply);
    const query = request.query as Record<string, string | undefined>;
    // Connecting another account comes back to the same registered redirect URI as sign-in.
    if (pending?.intent === 'connect') return finishConnect(ctx, request, reply, pending, provider);
    if (query.error) {
      request.log.info({ provider, error: query.error }, 'sign-in not granted');
      return reply.redirect(`/?signin=${query.error === 'access_denied' ? 'denied' : 'failed'}`);
    }
    if (!pending || pending.provider !== provider) return reply.redirect('/?signin=failed');
    try {
      const callbackUrl = new URL(request.url, ctx.config.publicUrl);
      const { user, accountId } = await completeOidcSignIn(ctx, pending, callbackUrl);
      await beginSession(request, reply, user.id, provider);
      await resumePausedSending(ctx.db, user.id, accountId, ctx.sendQueue);
      return reply.redirect('/');
    } catch (err) {
      request.log.warn({ err, provider }, 'sign-in failed');
      return reply.redirect('/?signin=failed');
    }
  });

  serve(a.local, limited, async (request, reply) => {
    if (!localSignInAllowed(ctx.config, request)) throw new AppError('not_found', 'Not found');
    const user = await signInLocally(ctx.db, request.body ?? {});
    await beginSession(request, reply, user.id, 'local');
    return { ok: true as const };
  });

  serve(a.user, async (request) => {
    const u = request.user;
    return {
      id: u.id,
      profileImageUrl: u.profileImageUrl,
      firstName: u.firstName,
      lastName: u.lastName,
      email: u.email,
      termsAcceptedAt: u.termsAcceptedAt?.toISOString() ?? null,
      // A token call has no session: the provider its maker last signed in with.
      provider: request.sessionProvider ?? (await signInProviderOf(ctx.db, u.id)),
      timeZone: u.timeZone,
      mailboxNeedsReauth: await mailboxNeedsSignIn(ctx.db, u.id),
      isOperator: await isOperator(ctx.db, ctx.config, u),
    };
  });

  serve(a.refreshToken, async (request) => {
    await slideSession(ctx.db, ctx.sessions, request.sessionId);
    await refreshProviderTokenIfDue(ctx, request.user.id);
    return { ok: true as const };
  });

  serve(a.logout, async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    if (token) await endSession(ctx.db, token);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return { ok: true as const };
  });

  serve(a.deleteAccount, async (request, reply) => {
    await deleteAccount(ctx.db, request.user, request.body.confirmation);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return { ok: true as const };
  });

  serve(a.acceptTerms, async (request) => {
    const acceptedAt = await acceptTermsOfService(ctx.db, request.user.id);
    return { ok: true as const, termsAcceptedAt: acceptedAt.toISOString() };
  });

  serve(a.timeZone, async (request) => {
    await saveTimeZone(ctx.db, request.user.id, request.body.timeZone);
    return { ok: true as const };
  });

  // docs/product.md §1: the client sends people here after a 401; pick the configured provider.
  serve(a.login, async (_request, reply) => {
    for (const provider of ['google', 'microsoft'] as const) {
      if (ctx.oidc.isEnabled(provider)) {
        return reply.redirect(urlOf(a.start, { params: { provider: providerPath(provider) } }));
      }
    }
    return reply.redirect('/');
  });

  async function beginSession(
    request: FastifyRequest,
    reply: FastifyReply,
    userId: number,
    provider: PendingSignIn['provider'] | 'local',
  ) {
    const old = request.cookies[SESSION_COOKIE];
    if (old) await endSession(ctx.db, old);
    const token = await startSession(ctx.db, ctx.sessions, {
      userId,
      provider,
      userAgent: request.headers['user-agent'] ?? null,
    });
    reply.setCookie(SESSION_COOKIE, token, sessionCookieOptions(ctx));
  }
}
