import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { routeTakesTokens, scopeNeeded } from '../../contract/api-tokens';
import type { RouteDef } from '../../contract/route';
import { roleAllows } from '../../contract/workspaces';
import type { AppContext } from '../context';
import { findApiToken, touchApiToken } from '../queries/api-tokens';
import { countRateLimitHit } from '../queries/rate-limits';
import { bearerOf, hashApiTokenSecret, isWellFormedApiToken } from './api-token-secret';
import { INVALID_WORKSPACE_MESSAGE, workspaceNamed } from './workspace-named';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when an API token made the request: which one. */
    apiTokenId?: number;
  }
}

/** last_used_at is written at most this often per token, not on every call. */
const TOUCH_EVERY_MS = 60_000;
const RATE_WINDOW_MS = 60_000;

const refuse = (reply: FastifyReply, status: number, error: string, message: string, extra = {}) =>
  reply.code(status).send({ error, message, ...extra });

/**
 * The check of a bearer request: a live token (well formed, known, not revoked or expired), whose
 * maker is still a member of its workspace, within the token's rate limit; then the route must
 * take tokens, the workspace named (if any) must be the token's (404 otherwise, as for any id not
 * the caller's), the maker's current role must allow the route and the token must hold its scope.
 */
export function tokenAccess(ctx: AppContext, def: RouteDef) {
  const accepts = routeTakesTokens(def);
  const scope = scopeNeeded(def);
  const limit = ctx.config.auth.apiTokenRateLimitPerMinute;
  return async function requireToken(request: FastifyRequest, reply: FastifyReply) {
    const secret = bearerOf(request.headers) ?? '';
    if (!isWellFormedApiToken(secret)) {
      return refuse(reply, 401, 'unauthorized', 'The bearer token is not a Tailor API token');
    }
    const token = await findApiToken(ctx.db, hashApiTokenSecret(secret));
    const now = ctx.clock();
    if (!token) return refuse(reply, 401, 'unauthorized', 'Unknown API token');
    if (token.revokedAt) return refuse(reply, 401, 'unauthorized', 'This API token was revoked');
    if (token.expiresAt && token.expiresAt <= now) {
      return refuse(reply, 401, 'unauthorized', 'This API token has expired');
    }
    if (!token.role) {
      return refuse(
        reply,
        401,
        'unauthorized',
        "This API token's maker is no longer a member of its workspace",
      );
    }
    const hits = await countRateLimitHit(ctx.db, rateKey(token.id), RATE_WINDOW_MS);
    if (hits.current > limit) {
      reply.header('retry-after', String(Math.max(1, Math.ceil(hits.ttl / 1000))));
      return refuse(reply, 429, 'rate_limited', `This API token may make ${limit} calls a minute`);
    }
    if (!token.lastUsedAt || now.getTime() - token.lastUsedAt.getTime() >= TOUCH_EVERY_MS) {
      await touchApiToken(ctx.db, token.id, now, new Date(now.getTime() - TOUCH_EVERY_MS));
    }
    if (!accepts) {
      return refuse(reply, 403, 'forbidden', 'This call takes a signed-in session, not an API token');
    }
    const named = workspaceNamed(request);
    if (named === 'invalid') return refuse(reply, 400, 'bad_request', INVALID_WORKSPACE_MESSAGE);
    if (named !== null && named !== token.workspaceId) {
      return refuse(reply, 404, 'not_found', 'Workspace not found');
    }
    const needed = def.access === 'signed-in' || def.access === 'public' ? null : def.access;
    if (needed && !roleAllows(token.role, needed)) {
      return refuse(
        reply,
        403,
        'forbidden',
        `The role of this token's maker in this workspace (${token.role}) cannot do this: it needs ${needed}`,
        { requiredRole: needed },
      );
    }
    if (!token.scopes.includes(scope)) {
      return refuse(reply, 403, 'forbidden', `This API token lacks the ${scope} scope this call needs`, {
        requiredScope: scope,
      });
    }
    request.apiTokenId = token.id;
    request.user = token.user;
    request.member = {
      userId: token.user.id,
      workspaceId: token.workspaceId,
      role: token.role,
      fourEyes: token.fourEyes,
    };
  };
}

/** The token's counter in the shared rate-limit table, hashed like the sign-in counters. */
const rateKey = (id: number) => crypto.createHash('sha256').update(`api-token\n${id}`).digest('base64url');
