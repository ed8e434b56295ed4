import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Access } from '../../contract/route';
import { type Role, roleAllows, WORKSPACE_HEADER } from '../../contract/workspaces';
import type { AppContext } from '../context';
import { findMembership, listMemberships, type Member } from '../queries/workspaces';
import { requireUser } from './require-user';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set for every route that needs a role: the membership checked on this very request. */
    member: Member;
  }
}

/**
 * The preHandler a route's access stands for. A role means: a live session, then a membership of
 * the workspace the request names (the header, else the `workspace` query parameter, else the
 * person's first workspace), read on every request so a removed member is refused at once. A
 * workspace the person is not in is a 404, exactly like any other id that is not theirs; a role
 * too low for the route is a 403 that says which role it needs.
 */
export function accessHandler(ctx: AppContext, access: Access) {
  if (access === 'public') return undefined;
  const signedIn = requireUser(ctx);
  if (access === 'signed-in') return signedIn;
  const needed: Role = access;
  return async function requireRole(request: FastifyRequest, reply: FastifyReply) {
    await signedIn(request, reply);
    if (reply.sent) return;
    const named = workspaceNamed(request);
    if (named === 'invalid') {
      return reply.code(400).send({ error: 'bad_request', message: 'The workspace must be a workspace id' });
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

/** The workspace id a request names; null when it names none. */
function workspaceNamed(request: FastifyRequest): number | null | 'invalid' {
  const header = request.headers[WORKSPACE_HEADER];
  // The raw query string: a route's own query schema drops names it does not know.
  const query = new URLSearchParams(request.url.split('?')[1] ?? '').get('workspace');
  const raw = typeof header === 'string' ? header : query;
  if (raw === null || raw === '') return null;
  return /^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= 2_147_483_647 ? Number(raw) : 'invalid';
}
