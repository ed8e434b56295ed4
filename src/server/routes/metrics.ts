import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { isDirectLoopbackRequest } from '../lib/loopback';
import { UNMATCHED_ROUTE } from '../lib/metrics';
import type { AppInstance } from './app-instance';

/**
 * Prometheus metrics: request durations for every route (labelled with the route pattern, never
 * the raw URL, so the label set stays bounded), and `GET /metrics` for the scraper. Register
 * before other routes so the timing hook covers them all.
 */
export function metricsRoutes(app: AppInstance, ctx: AppContext) {
  app.addHook('onResponse', async (request, reply) => {
    ctx.metrics.httpDuration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? UNMATCHED_ROUTE,
        status_code: reply.statusCode,
      },
      reply.elapsedTime / 1000,
    );
  });

  app.get('/metrics', { logLevel: 'warn' }, async (request, reply) => {
    if (!(await mayScrape(ctx, request, reply))) return reply;
    const body = await ctx.metrics.registry.metrics();
    return reply.type(ctx.metrics.registry.contentType).send(body);
  });
}

/**
 * Metrics reveal traffic and volumes, so they are not public: with METRICS_TOKEN set a scraper
 * must present it as a bearer token; without it only callers on this machine (not through a
 * proxy) are answered, and everyone else gets the same 404 as any unknown path.
 */
async function mayScrape(ctx: AppContext, request: FastifyRequest, reply: FastifyReply) {
  const token = ctx.config.metrics.token;
  if (token) {
    if (sameSecret(request.headers.authorization ?? '', `Bearer ${token}`)) return true;
    reply
      .code(401)
      .header('www-authenticate', 'Bearer realm="metrics"')
      .send({ error: 'unauthorized', message: 'A valid metrics token is required' });
    return false;
  }
  if (isDirectLoopbackRequest(request)) return true;
  reply.code(404).send({ error: 'not_found', message: 'Not found' });
  return false;
}

/** Constant-time comparison (hashes first, so lengths do not leak either). */
function sameSecret(given: string, expected: string) {
  const digest = (s: string) => crypto.createHash('sha256').update(s).digest();
  return crypto.timingSafeEqual(digest(given), digest(expected));
}
