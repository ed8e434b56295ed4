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

export type ServeOptions = Pick<RouteShorthandOptions, 'preHandler' | 'config' | 'bodyLimit'>;

/** Registers the route of an `api` entry (src/contract/api.ts): its method, path and schemas. */
export function serve<D extends RouteDef>(
  app: AppInstance,
  def: D,
  options: ServeOptions,
  handler: HandlerOf<D>,
): void {
  const schema: FastifySchema = {};
  if (def.params) schema.params = def.params;
  if (def.query) schema.querystring = def.query;
  if (def.body) schema.body = def.body;
  if (def.reply) schema.response = { 200: def.reply };
  // The handler's types were checked against the entry above; Fastify's route() cannot see that link.
  app.route({ method: def.method, url: def.path, schema, ...options, handler } as RouteOptions);
}
