import type { FastifyRequest } from 'fastify';
import { WORKSPACE_HEADER } from '../../contract/workspaces';

/** The workspace id a request names (the header, else the `workspace` query); null when none. */
export function workspaceNamed(request: FastifyRequest): number | null | 'invalid' {
  const header = request.headers[WORKSPACE_HEADER];
  // The raw query string: a route's own query schema drops names it does not know.
  const query = new URLSearchParams(request.url.split('?')[1] ?? '').get('workspace');
  const raw = typeof header === 'string' ? header : query;
  if (raw === null || raw === '') return null;
  return /^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= 2_147_483_647 ? Number(raw) : 'invalid';
}

export const INVALID_WORKSPACE_MESSAGE = 'The workspace must be a workspace id';
