import type { FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context';
import { createOpenRecorder } from '../services/tracking';
import { describeUnsubscribe, unsubscribeByToken } from '../services/unsubscribe';
import type { AppInstance } from './app-instance';
import { confirmPage, linkNotFoundPage, unsubscribedPage } from './unsubscribe-pages';

/** A 1×1 GIF whose one pixel is transparent (42 bytes). */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** The token's shape is checked by the services, so a malformed one is answered like an unknown one. */
const tokenParams = z.object({ token: z.string() });

/** A one-click body is `List-Unsubscribe=One-Click`; nothing legitimate is bigger than this. */
const FORM_BODY_LIMIT = 16 * 1024;

/**
 * Public links inside sent emails (docs/product.md §7): the open pixel and the unsubscribe page. No cookie
 * is read or set. The app's CSRF check covers only /api/, so mail providers' RFC 8058 one-click
 * POSTs (no cookie, often no Origin) reach POST /u/:token.
 */
export function trackingRoutes(app: AppInstance, ctx: AppContext) {
  const recordOpen = createOpenRecorder(ctx.db);
  // Its own encapsulation context, so the form parsers below do not change how other routes read bodies.
  app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    // RFC 8058 lets providers choose the body's encoding; the POST itself is the request, so any is accepted.
    scope.addContentTypeParser(
      '*',
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
      (_request, _body, done) => done(null, undefined),
    );
    const r = scope.withTypeProvider<ZodTypeProvider>();

    // Opens arrive in thousands per send wave; each is stored and counted, so two log lines per
    // fetch would add nothing but cost.
    r.get(
      '/t/o/:token.gif',
      { schema: { params: tokenParams }, logLevel: 'warn' },
      async (request, reply) => {
        // HEAD is a link checker asking about the image, not a mail client showing it.
        if (request.method === 'GET') {
          try {
            await recordOpen({
              token: request.params.token,
              userAgent: request.headers['user-agent'],
              at: new Date(),
            });
          } catch (err) {
            // The image must still load; a lost open is better than a broken email.
            request.log.warn({ err }, 'could not record an open');
          }
        }
        return (
          reply
            .type('image/gif')
            .header('cache-control', 'no-store, no-cache, must-revalidate, private')
            .header('pragma', 'no-cache')
            .header('expires', '0')
            // Webmail pages on other origins must be able to show it.
            .header('cross-origin-resource-policy', 'cross-origin')
            .send(PIXEL)
        );
      },
    );

    r.get('/u/:token', { schema: { params: tokenParams } }, async (request, reply) => {
      const view = await describeUnsubscribe(ctx.db, request.params.token);
      return view ? html(reply, 200, confirmPage(view)) : html(reply, 404, linkNotFoundPage());
    });

    r.post(
      '/u/:token',
      { schema: { params: tokenParams }, bodyLimit: FORM_BODY_LIMIT },
      async (request, reply) => {
        // The page's own form says so; anything else is a mail client's one-click POST.
        const via = (request.body as { via?: unknown } | undefined)?.via === 'page' ? 'link' : 'one-click';
        const view = await unsubscribeByToken(ctx.db, request.params.token, via);
        return view ? html(reply, 200, unsubscribedPage(view)) : html(reply, 404, linkNotFoundPage());
      },
    );
  });
}

function html(reply: FastifyReply, status: number, body: string) {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('x-robots-tag', 'noindex')
    .send(body);
}
