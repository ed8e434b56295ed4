import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import type { users } from '../db/schema';
import { resumeSession } from './sessions';

export const SESSION_COOKIE = 'tailor_session';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireUser: the signed-in user's row and session. */
    user: typeof users.$inferSelect;
    sessionId: string;
    sessionProvider: 'google' | 'microsoft' | 'local';
  }
}

/** preHandler for every signed-in route: 401 unless the cookie names a live session. */
export function requireUser(ctx: AppContext) {
  return async function requireUserHook(request: FastifyRequest, reply: FastifyReply) {
    const token = request.cookies[SESSION_COOKIE];
    const found = token ? await resumeSession(ctx.db, ctx.sessions, token) : null;
    if (!found) {
      if (token) reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return reply.code(401).send({ error: 'unauthorized', message: 'Not signed in' });
    }
    request.user = found.user;
    request.sessionId = found.sessionId;
    request.sessionProvider = found.provider;
  };
}

export function sessionCookieOptions(ctx: AppContext) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: ctx.config.isProduction || ctx.config.publicUrl.protocol === 'https:',
    maxAge: Math.floor(ctx.sessions.maxMs / 1000),
  };
}
