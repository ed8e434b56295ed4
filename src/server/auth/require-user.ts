import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import type { users } from '../db/schema';
import { coalesced } from '../lib/coalesced';
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
  const resume = sessionResumer(ctx);
  return async function requireUserHook(request: FastifyRequest, reply: FastifyReply) {
    const token = request.cookies[SESSION_COOKIE];
    const found = token ? await resume(token) : null;
    if (!found) {
      if (token) reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return reply.code(401).send({ error: 'unauthorized', message: 'Not signed in' });
    }
    request.user = found.user;
    request.sessionId = found.sessionId;
    request.sessionProvider = found.provider;
  };
}

/**
 * One session lookup per app, shared by a browser's parallel requests (a page load fires several
 * API calls with the same cookie at once): they need one query, not one each.
 */
const resumers = new WeakMap<AppContext, (token: string) => ReturnType<typeof resumeSession>>();
function sessionResumer(ctx: AppContext) {
  let resume = resumers.get(ctx);
  if (!resume) {
    resume = coalesced(
      (token: string) => token,
      (token) => resumeSession(ctx.db, ctx.sessions, token),
    );
    resumers.set(ctx, resume);
  }
  return resume;
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
