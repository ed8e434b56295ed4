import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RouteDef } from '../../contract/route';
import { type Role, roleAllows } from '../../contract/workspaces';
import type { AppContext } from '../context';
import { findMembership, listMemberships, type Member } from '../queries/workspaces';
import { bearerOf } from './api-token-secret';
import { requireUser } from './require-user';
import { tokenAccess } from './token-access';
import { INVALID_WORKSPACE_MESSAGE, workspaceNamed } from './workspace-named';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set for every route that needs a role: the membership checked on this very request. */
    member: Member;
  }
}

/**
 * The preHandler a route's access stands for. A request with `Authorization: Bearer` is an API
 * token's, checked by tokenAccess alone (a cookie beside it is ignored); any other needs a session.
 * A role means: a live session, then a membership of the workspace the request names (the header,
 * else the `workspace` query parameter, else the person's first workspace), read on every request
 * so a removed member is refused at once. A workspace the person is not in is a 404, exactly like
 * any other id that is not theirs; a role too low for the route is a 403 that says which role it needs.
 */
export function accessHandler(ctx: AppContext, def: RouteDef) {
  if (def.access === 'public') return undefined;
  const session = sessionAccess(ctx, def.access);
  const token = tokenAccess(ctx, def);
  return async function requireAccess(request: FastifyRequest, reply: FastifyReply) {
    return bearerOf(request.headers) === null ? session(request, reply) : token(request, reply);
  };
}

function sessionAccess(ctx: AppContext, access: Exclude<RouteDef['access'], 'public'>) {
  const signedIn = requireUser(ctx);
  if (access === 'signed-in') return signedIn;
  const needed: Role = access;
  return async function requireRole(request: FastifyRequest, reply: FastifyReply) {
    await signedIn(request, reply);
    if (reply.sent) return;
    const named = workspaceNamed(request);
    if (named === 'invalid') {
      return reply.code(400).send({ error: 'bad_request', message: INVALID_WORKSPACE_MESSAGE });
    }
    const membership =
      named === null
        ? ((await listMemberships(ctx.db, request.user.id))[0] ?? null)
        : await findMembership(ctx.db, request.user.id, named);
    if (!membership) return reply.code(404).send({ error: 'not_found', message: 'Workspace not found' });
    if (!roleAllows(membership.role, needed)) {
      return reply.code(403).send({
        error: 'forbidden',
        message: `Your role in this workspace (${membership.role}) cannot do this: it needs ${needed}`,
      });
    }
    request.member = {
      userId: request.user.id,
      workspaceId: membership.workspaceId,
      role: membership.role,
      fourEyes: membership.fourEyes,
    };
  };
}
