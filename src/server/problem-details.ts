import { STATUS_CODES } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { bearerOf } from './auth/api-token-secret';

/**
 * An error answer `{ error, message, …}` as RFC 9457 problem details. `type` is about:blank (the
 * status says what happened, `title` is its phrase); the app's own code stays as the `error`
 * extension and any other member (requestId, requiredScope, requiredRole) is kept beside it.
 */
export function problemDetails(status: number, body: { error: string; message?: unknown }) {
  const { error, message, ...extensions } = body;
  return {
    type: 'about:blank',
    title: STATUS_CODES[status] ?? 'Error',
    status,
    ...(typeof message === 'string' ? { detail: message } : {}),
    error,
    ...extensions,
  };
}

/**
 * Answers every error to an API token client (a request with `Authorization: Bearer`) as
 * `application/problem+json`, whoever answered it: the error handler, an access check, the
 * not-found handler or a rate limit. The browser app, which sends no bearer token, keeps
 * `{ error, message }`.
 */
export function answerTokenErrorsAsProblems(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode < 400 || typeof payload !== 'string' || bearerOf(request.headers) === null) {
      return payload;
    }
    // Already one: an answer kept for an Idempotency-Key and replayed as it was first sent.
    if (String(reply.getHeader('content-type')).startsWith('application/problem+json')) return payload;
    let body: unknown;
    try {
      body = JSON.parse(payload);
    } catch {
      return payload;
    }
    if (!body || typeof body !== 'object' || typeof (body as { error?: unknown }).error !== 'string') {
      return payload;
    }
    reply.type('application/problem+json; charset=utf-8');
    return JSON.stringify(problemDetails(reply.statusCode, body as { error: string }));
  });
}
