import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyError, type RouteOptions } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { ErrorCode } from '../contract/errors';
import { bearerOf } from './auth/api-token-secret';
import { databaseRateLimitStore } from './auth/rate-limit-store';
import { ROOT_DIR } from './config';
import type { AppContext } from './context';
import { AppError } from './errors';
import { answerTokenErrorsAsProblems } from './problem-details';
import { analyticsRoutes } from './routes/analytics';
import { apiTokenRoutes } from './routes/api-tokens';
import { auditTrailRoutes } from './routes/audit-trail';
import { authRoutes } from './routes/auth';
import { campaignAnalyticsRoutes } from './routes/campaign-analytics';
import { campaignRoutes } from './routes/campaigns';
import { conversationRoutes } from './routes/conversations';
import { dashboardRoutes } from './routes/dashboard';
import { doctorRoutes } from './routes/doctor';
import { emailRoutes } from './routes/emails';
import { healthRoutes } from './routes/health';
import { imageRoutes } from './routes/images';
import { inboxRoutes } from './routes/inbox';
import { mailboxConnectRoutes } from './routes/mailbox-connect';
import { mailboxRoutes } from './routes/mailboxes';
import { metricsRoutes } from './routes/metrics';
import { openApiRoutes } from './routes/openapi';
import { publicConfigRoutes } from './routes/public-config';
import { sequenceRoutes } from './routes/sequences';
import { settingsRoutes } from './routes/settings';
import { templateRoutes } from './routes/templates';
import { trackingRoutes } from './routes/tracking';
import { webhookRoutes } from './routes/webhooks';
import { workspaceRoutes } from './routes/workspaces';

const CLIENT_DIR = path.join(ROOT_DIR, 'dist/client');
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const STATUS_BY_CODE: Record<ErrorCode, number> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unprocessable: 422,
  rate_limited: 429,
  not_configured: 503,
  upstream_failed: 502,
  internal: 500,
};

/** Builds the HTTP app: plugins, security hooks, error handling and every route. */
export async function buildApp(
  ctx: AppContext,
  opts: {
    serveClient?: boolean;
    /** Called for every route as it is registered: the security tests read the whole route table through it. */
    onRoute?: (route: RouteOptions) => void;
  } = {},
) {
  const app = Fastify({
    loggerInstance: ctx.log,
    bodyLimit: ctx.config.bodyLimitBytes,
    requestIdHeader: 'x-request-id',
    genReqId: () => crypto.randomUUID(),
    trustProxy: ctx.config.trustProxy,
  });
  const { onRoute } = opts;
  if (onRoute) app.addHook('onRoute', (route) => onRoute(route));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // An empty JSON body (e.g. POST /api/auth/logout with a JSON content type) means "no body".
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') return done(null, undefined);
    return parseJson(request, body as string, (err, value) => {
      if (err) return done(err);
      // PostgreSQL's text and jsonb cannot hold U+0000: refuse it here, not as a failed query.
      // Raw control characters are invalid JSON, so only the \u0000 escape can carry one.
      if ((body as string).includes('\\u0000') && containsNul(value)) {
        return done(new AppError('bad_request', 'Text must not contain NUL (U+0000) characters'));
      }
      return done(null, value);
    });
  });

  await app.register(cookie, { secret: ctx.cookieSecret });
  // Counted in the database: every web process behind a load balancer shares one sign-in limit.
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore(ctx.db) });
  await app.register(multipart, { limits: { fileSize: ctx.config.import.maxBytes, files: 1 } });
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'https:', 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: ctx.config.isProduction ? [] : null,
      },
    },
    // Avatars come from the providers' image hosts.
    crossOriginEmbedderPolicy: false,
  });

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // The matched route, not the raw URL: `/%61pi/…` reaches the same handlers as `/api/…`.
    const route = request.routeOptions.url ?? request.url;
    // A bearer request is an API token's and uses the token alone, never the cookie beside it; a
    // cross-site page cannot add that header without a CORS preflight, which is never granted.
    if (bearerOf(request.headers) !== null) return;
    if (!SAFE_METHODS.has(request.method) && route.startsWith('/api/') && !isSameOrigin(ctx, request)) {
      return reply.code(403).send({ error: 'forbidden', message: 'Cross-site request refused' });
    }
  });

  answerTokenErrorsAsProblems(app);

  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      return reply.code(STATUS_BY_CODE[err.code]).send({ error: err.code, message: err.message });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const where = err.validationContext ?? 'request';
      const details = err.validation
        .map((v) => `${[where, ...v.instancePath.split('/').filter(Boolean)].join('.')}: ${v.message}`)
        .join('; ');
      return reply.code(400).send({ error: 'bad_request', message: `Invalid ${where}: ${details}` });
    }
    const status = err.statusCode ?? 500;
    if (status < 500) {
      return reply.code(status).send({ error: codeForStatus(status), message: err.message });
    }
    request.log.error({ err }, 'request failed');
    return reply.code(500).send({
      error: 'internal',
      message: `Something went wrong on our side (request ${request.id})`,
      requestId: request.id,
    });
  });

  metricsRoutes(app, ctx);
  healthRoutes(app, ctx);
  publicConfigRoutes(app, ctx);
  authRoutes(app, ctx);
  settingsRoutes(app, ctx);
  dashboardRoutes(app, ctx);
  campaignRoutes(app, ctx);
  templateRoutes(app, ctx);
  emailRoutes(app, ctx);
  conversationRoutes(app, ctx);
  inboxRoutes(app, ctx);
  sequenceRoutes(app, ctx);
  imageRoutes(app, ctx);
  campaignAnalyticsRoutes(app, ctx);
  analyticsRoutes(app, ctx);
  trackingRoutes(app, ctx);
  workspaceRoutes(app, ctx);
  mailboxRoutes(app, ctx);
  mailboxConnectRoutes(app, ctx);
  doctorRoutes(app, ctx);
  auditTrailRoutes(app, ctx);
  apiTokenRoutes(app, ctx);
  webhookRoutes(app, ctx);
  openApiRoutes(app, ctx);

  const serveClient = (opts.serveClient ?? true) && fs.existsSync(path.join(CLIENT_DIR, 'index.html'));
  if (serveClient) await app.register(fastifyStatic, { root: CLIENT_DIR, wildcard: false });

  app.setNotFoundHandler((request, reply) => {
    // The SPA owns every non-API path, including its own not-found page.
    if (serveClient && request.method === 'GET' && !request.url.startsWith('/api/')) {
      return reply.type('text/html').sendFile('index.html');
    }
    return reply.code(404).send({ error: 'not_found', message: 'Not found' });
  });

  return app;
}

/**
 * CSRF defence for cookie-authenticated calls: a state-changing request must come from our own
 * origin. Browsers always send Origin (or at least Sec-Fetch-Site) on cross-site POSTs; clients
 * without either (curl, server-to-server) carry no ambient cookie to abuse.
 */
function isSameOrigin(ctx: AppContext, request: { headers: Record<string, string | string[] | undefined> }) {
  const { origin, referer, host } = request.headers;
  if (request.headers['sec-fetch-site'] === 'cross-site') return false;
  const claimed =
    typeof origin === 'string' && origin !== 'null' ? origin : typeof referer === 'string' ? referer : null;
  if (origin === 'null') return false;
  if (!claimed) return true;
  try {
    const url = new URL(claimed);
    return url.origin === ctx.config.publicUrl.origin || url.host === host;
  } catch {
    return false;
  }
}

/** True when any string or key in a parsed JSON value holds U+0000; iterative, as bodies may nest deeply. */
function containsNul(value: unknown): boolean {
  const pending = [value];
  while (pending.length) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (next.includes('\u0000')) return true;
    } else if (next && typeof next === 'object') {
      for (const [key, item] of Object.entries(next)) {
        if (key.includes('\u0000')) return true;
        pending.push(item);
      }
    }
  }
  return false;
}

function codeForStatus(status: number): ErrorCode {
  const found = (Object.entries(STATUS_BY_CODE) as [ErrorCode, number][]).find(([, s]) => s === status);
  return found?.[0] ?? 'bad_request';
}
