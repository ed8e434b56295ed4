import crypto from 'node:crypto';
import Fastify from 'fastify';
import type { AppContext } from './context';
import { healthRoutes } from './routes/health';
import { metricsRoutes } from './routes/metrics';

/**
 * What a worker serves on METRICS_PORT: /metrics (same access rule as on the web port),
 * /healthz and /readyz. Workers have no other HTTP surface.
 */
export async function buildMonitorApp(ctx: AppContext) {
  const app = Fastify({
    loggerInstance: ctx.log,
    genReqId: () => crypto.randomUUID(),
    trustProxy: ctx.config.trustProxy,
  });
  metricsRoutes(app, ctx);
  healthRoutes(app, ctx);
  app.setNotFoundHandler((_request, reply) =>
    reply.code(404).send({ error: 'not_found', message: 'Not found' }),
  );
  await app.ready();
  return app;
}
