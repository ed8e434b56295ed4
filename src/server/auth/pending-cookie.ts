import type { FastifyReply, FastifyRequest } from 'fastify';
import { api } from '../../contract/api';
import type { AppContext } from '../context';
import type { PendingSignIn } from './oidc';
import { sessionCookieOptions } from './require-user';

const PENDING_COOKIE = 'tailor_oidc';
// Sent only to the sign-in paths: /api/auth/<provider> and its callback (a connect's too).
const PENDING_COOKIE_PATH = api.auth.start.path.replace('/:provider', '');
const PENDING_MAX_AGE_S = 600;

/** Keeps what the callback needs (state, nonce, PKCE verifier, intent) in a short-lived signed cookie. */
export function setPendingCookie(ctx: AppContext, reply: FastifyReply, pending: PendingSignIn) {
  reply.setCookie(PENDING_COOKIE, JSON.stringify(pending), {
    path: PENDING_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax',
    secure: sessionCookieOptions(ctx).secure,
    signed: true,
    maxAge: PENDING_MAX_AGE_S,
  });
}

/**
 * The pending sign-in or connect, single-use: the cookie is cleared before anything else, so a
 * replayed callback finds nothing. Null when absent, tampered with or unreadable.
 */
export function takePendingCookie(request: FastifyRequest, reply: FastifyReply): PendingSignIn | null {
  const raw = request.cookies[PENDING_COOKIE];
  reply.clearCookie(PENDING_COOKIE, { path: PENDING_COOKIE_PATH });
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return null;
  try {
    const pending = JSON.parse(unsigned.value) as PendingSignIn;
    // A cookie from before connecting existed has no intent: it was a sign-in.
    return { ...pending, intent: pending.intent === 'connect' ? 'connect' : 'signin' };
  } catch {
    return null;
  }
}
