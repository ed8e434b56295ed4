import { routeTakesTokens } from '../../contract/api-tokens';
import { type ErrorStatus, MULTIPART_BODIES, RULE_ERRORS } from './answers';
import { componentRef } from './json-schema';
import type { RouteEntry } from './route-entries';

/** The shared error answers, each `{ error, message }` with the code its status stands for. */
const ERROR_RESPONSES: Record<ErrorStatus, { name: string; description: string }> = {
  400: {
    name: 'BadRequest',
    description: 'bad_request: the request does not fit the call (the message says where)',
  },
  401: { name: 'Unauthorized', description: 'unauthorized: no valid session or token' },
  403: {
    name: 'Forbidden',
    description:
      "forbidden: the caller's role is below what the call needs, an API token lacks its scope (or the call takes a session only), or a browser's cross-site request",
  },
  404: {
    name: 'NotFound',
    description: 'not_found: no such object in this workspace, or not a member of it',
  },
  409: {
    name: 'Conflict',
    description:
      'conflict: the object is not in a state that allows this, or a request with the same Idempotency-Key is still running (try again after Retry-After)',
  },
  413: { name: 'PayloadTooLarge', description: 'payload_too_large: the upload is bigger than allowed' },
  422: {
    name: 'Unprocessable',
    description:
      'unprocessable: the upload was read but cannot be used, or the Idempotency-Key was used with a different request',
  },
  429: {
    name: 'RateLimited',
    description:
      "rate_limited: too many sign-ins, or an API token's calls a minute; try again after Retry-After",
  },
  502: { name: 'UpstreamFailed', description: 'upstream_failed: the AI or mail provider failed' },
  503: {
    name: 'NotConfigured',
    description: 'not_configured: the deployment has no AI provider or mailbox for this',
  },
};

/** RFC 9457 problem details, as errors are answered to a call with an API token. */
export const PROBLEM_DETAILS_SCHEMA = {
  type: 'object',
  required: ['type', 'title', 'status', 'error'],
  properties: {
    type: { type: 'string', description: 'about:blank: the status says what happened' },
    title: { type: 'string', description: "The status's phrase" },
    status: { type: 'integer' },
    detail: { type: 'string', description: 'What went wrong, in words' },
    error: { type: 'string', description: "The app's error code, as `error` in ErrorBody" },
    requestId: { type: 'string' },
    requiredRole: { type: 'string', description: "A 403's role the token's maker lacks" },
    requiredScope: { type: 'string', description: "A 403's scope the token lacks" },
  },
};

/**
 * `components.responses`: one per error status, ErrorBody to the browser (a session) and
 * ProblemDetails to a call with an API token.
 */
export function errorResponseComponents() {
  return Object.fromEntries(
    Object.values(ERROR_RESPONSES).map(({ name, description }) => [
      name,
      {
        description,
        content: {
          'application/json': { schema: { $ref: componentRef('ErrorBody') } },
          'application/problem+json': { schema: { $ref: componentRef('ProblemDetails') } },
        },
      },
    ]),
  );
}

/**
 * The errors a call can answer with: 400 when it reads any input (or a workspace header), 401
 * when it needs a session, 403 for a role or any change (a cross-site browser request), 404 for an
 * id in the path or a workspace, 429 where an API token may call, those of an Idempotency-Key where
 * the call takes one, and those its own rules add (answers.ts).
 */
export function errorResponsesOf({ operationId, def }: RouteEntry) {
  const needsRole = def.access !== 'public' && def.access !== 'signed-in';
  const statuses = new Set<ErrorStatus>(RULE_ERRORS[operationId] ?? []);
  if (def.params || def.query || def.body || needsRole || MULTIPART_BODIES[operationId]) statuses.add(400);
  // A malformed key (400), one used with another request (422) or one whose first request still runs (409).
  if (def.idempotencyKey) for (const status of [400, 409, 422] as const) statuses.add(status);
  if (def.access !== 'public') statuses.add(401);
  if (needsRole || (def.method !== 'GET' && def.path.startsWith('/api/'))) statuses.add(403);
  if (def.params || needsRole) statuses.add(404);
  // An API token has a limit of calls a minute, on every call it may make.
  if (routeTakesTokens(def)) statuses.add(429);
  return Object.fromEntries(
    [...statuses]
      .sort((a, b) => a - b)
      .map((status) => [String(status), { $ref: `#/components/responses/${ERROR_RESPONSES[status].name}` }]),
  );
}
