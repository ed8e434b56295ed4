import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { acceptTermsReply, currentUser, localSignInBody, okReply, timeZoneBody } from '../../contract/auth';
import type { OidcProviderName, PendingSignIn } from '../auth/oidc';
import { refreshProviderTokenIfDue } from '../auth/provider-tokens';
import { requireUser, SESSION_COOKIE, sessionCookieOptions } from '../auth/require-user';
import { endSession, slideSession, startSession } from '../auth/sessions';
import { completeOidcSignIn } from '../auth/sign-in';
import type { AppContext } from '../context';
import { AppError } from '../errors';
import { acceptTermsOfService, saveTimeZone } from '../services/account';
import { localSignInAllowed, signInLocally } from '../services/local-sign-in';
import { resumePausedSending } from '../services/sending/resume';
import type { AppInstance } from './app-instance';

const PENDING_COOKIE = 'tailor_oidc';
const PENDING_MAX_AGE_S = 600;
const PROVIDER_PATHS: Record<string, OidcProviderName> = { google: 'google', outlook: 'microsoft' };

/** Sign-in, session and account-level routes (docs/product.md §1, §10). */
export function authRoutes(app: AppInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = requireUser(ctx);
  const rateLimit = { max: ctx.config.auth.rateLimitPerMinute, timeWindow: '1 minute' };

  r.get(
    '/api/auth/:provider',
    { schema: { params: z.object({ provider: z.enum(['google', 'outlook']) }) }, config: { rateLimit } },
    async (request, reply) => {
      const provider = PROVIDER_PATHS[request.params.provider]!;
      if (!ctx.oidc.isEnabled(provider)) {
        throw new AppError(
          'not_found',
          `${provider === 'google' ? 'Google' : 'Microsoft'} sign-in is not configured`,
        );
      }
      const { url, pending } = await ctx.oidc.beginSignIn(provider);
      reply.setCookie(PENDING_COOKIE, JSON.stringify(pending), {
        path: '/api/auth',
        httpOnly: true,
        sameSite: 'lax',
        secure: sessionCookieOptions(ctx).secure,
        signed: true,
        maxAge: PENDING_MAX_AGE_S,
      });
      return reply.redirect(url.href);
    },
  );

  r.get(
    '/api/auth/:provider/callback',
    { schema: { params: z.object({ provider: z.enum(['google', 'outlook']) }) }, config: { rateLimit } },
    async (request, reply) => {
      const provider = PROVIDER_PATHS[request.params.provider]!;
      // The pending sign-in is single-use: cleared before anything else, so a replay finds nothing.
      const pending = readPending(request);
      reply.clearCookie(PENDING_COOKIE, { path: '/api/auth' });
      const query = request.query as Record<string, string | undefined>;
      if (query.error) {
        request.log.info({ provider, error: query.error }, 'sign-in not granted');
        return reply.redirect(`/?signin=${query.error === 'access_denied' ? 'denied' : 'failed'}`);
      }
      if (!pending || pending.provider !== provider) return reply.redirect('/?signin=failed');
      try {
        const callbackUrl = new URL(request.url, ctx.config.publicUrl);
        const user = await completeOidcSignIn(ctx, pending, callbackUrl);
        await beginSession(request, reply, user.id, provider);
        await resumePausedSending(ctx.db, user.id, ctx.sendQueue);
        return reply.redirect('/');
      } catch (err) {
        request.log.warn({ err, provider }, 'sign-in failed');
        return reply.redirect('/?signin=failed');
      }
    },
  );

  r.post(
    '/api/auth/local',
    { schema: { body: localSignInBody.nullish(), response: { 200: okReply } }, config: { rateLimit } },
    async (request, reply) => {
      if (!localSignInAllowed(ctx.config, request)) throw new AppError('not_found', 'Not found');
      const user = await signInLocally(ctx.db, request.body ?? {});
      await beginSession(request, reply, user.id, 'local');
      return { ok: true as const };
    },
  );

  r.get(
    '/api/auth/user',
    { schema: { response: { 200: currentUser } }, preHandler: signedIn },
    async (request) => {
      const u = request.user;
      return {
        id: u.id,
        profileImageUrl: u.profileImageUrl,
        firstName: u.firstName,
        lastName: u.lastName,
        email: u.email,
        termsAcceptedAt: u.termsAcceptedAt?.toISOString() ?? null,
        provider: request.sessionProvider,
        timeZone: u.timeZone,
        mailboxNeedsReauth: u.mailboxNeedsReauthAt !== null,
      };
    },
  );

  r.post(
    '/api/auth/refresh-token',
    { schema: { response: { 200: okReply } }, preHandler: signedIn },
    async (request) => {
      await slideSession(ctx.db, ctx.sessions, request.sessionId);
      await refreshProviderTokenIfDue(ctx, request.user.id, request.sessionProvider);
      return { ok: true as const };
    },
  );

  r.post('/api/auth/logout', { schema: { response: { 200: okReply } } }, async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    if (token) await endSession(ctx.db, token);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return { ok: true as const };
  });

  r.post(
    '/api/auth/accept-terms',
    { schema: { response: { 200: acceptTermsReply } }, preHandler: signedIn },
    async (request) => {
      const acceptedAt = await acceptTermsOfService(ctx.db, request.user.id);
      return { ok: true as const, termsAcceptedAt: acceptedAt.toISOString() };
    },
  );

  r.post(
    '/api/auth/time-zone',
    { schema: { body: timeZoneBody, response: { 200: okReply } }, preHandler: signedIn },
    async (request) => {
      await saveTimeZone(ctx.db, request.user.id, request.body.timeZone);
      return { ok: true as const };
    },
  );

  // docs/product.md §1: the client sends people here after a 401; pick the configured provider.
  r.get('/api/login', async (_request, reply) => {
    if (ctx.oidc.isEnabled('google')) return reply.redirect('/api/auth/google');
    if (ctx.oidc.isEnabled('microsoft')) return reply.redirect('/api/auth/outlook');
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

function readPending(request: FastifyRequest): PendingSignIn | null {
  const raw = request.cookies[PENDING_COOKIE];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return null;
  try {
    return JSON.parse(unsigned.value) as PendingSignIn;
  } catch {
    return null;
  }
}
