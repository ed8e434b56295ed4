import type {
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteOptions,
  RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RouteDef } from '../../contract/route';
import { accessHandler } from '../auth/require-access';
import type { AppContext } from '../context';
import { idempotencyHooks } from '../idempotency/key-hooks';
import type { AppInstance } from './app-instance';

/** The Fastify schema a route entry stands for: what the request is checked against, what the reply is. */
type SchemaOf<D extends RouteDef> = {
  params: D extends { params: infer P } ? P : undefined;
  querystring: D extends { query: infer Q } ? Q : undefined;
  body: D extends { body: infer B } ? B : undefined;
  response: D extends { reply: infer R } ? { 200: R } : undefined;
};

/** A handler typed by its entry: `req.params`, `req.query`, `req.body` and the returned reply. */
export type HandlerOf<D extends RouteDef> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  unknown,
  SchemaOf<D> & FastifySchema,
  ZodTypeProvider
>;

export type ServeOptions = Pick<RouteShorthandOptions, 'config' | 'bodyLimit'> & {
  /**
   * On a route marked `idempotencyKey` whose body the handler reads itself (a multipart upload):
   * the handler claims the key once it has the body (`req.idempotency?.claimWith`).
   */
  claimsIdempotencyKey?: true;
};

export type Serve = {
  <D extends RouteDef>(def: D, handler: HandlerOf<D>): void;
  <D extends RouteDef>(def: D, options: ServeOptions, handler: HandlerOf<D>): void;
};

/**
 * Registers `api` entries (src/contract/api.ts) on `app`: each with its method, path and schemas,
 * behind the check its `access` names (a session, a membership and role), and with the
 * Idempotency-Key hooks when the entry is marked `idempotencyKey`.
 */
export function routeServer(app: AppInstance, ctx: AppContext): Serve {
  return <D extends RouteDef>(def: D, ...rest: [HandlerOf<D>] | [ServeOptions, HandlerOf<D>]) => {
    const [{ claimsIdempotencyKey, ...options }, handler] =
      rest.length === 1 ? [{} as ServeOptions, rest[0]] : rest;
    const schema: FastifySchema = {};
    if (def.params) schema.params = def.params;
    if (def.query) schema.querystring = def.query;
    if (def.body) schema.body = def.body;
    if (def.reply) schema.response = { 200: def.reply };
    // Before the request is validated: a caller who may not call the route learns nothing of its
    // schema, and a refusal names the role it needs whatever the body.
    const access = accessHandler(ctx, def);
    // After the access check, so a key never answers anyone the route would refuse.
    const keys = def.idempotencyKey
      ? idempotencyHooks(ctx, def, { claimInHandler: claimsIdempotencyKey })
      : null;
    // The handler's types were checked against the entry above; Fastify's route() cannot see that link.
    app.route({
      method: def.method,
      url: def.path,
      schema,
      ...options,
      preValidation: keys ? [access, keys.readKey].filter((hook) => hook !== undefined) : access,
      ...(keys && { preHandler: keys.claim, onSend: keys.store, onResponse: keys.stop }),
      handler,
    } as RouteOptions);
  };
}
