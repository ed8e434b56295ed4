import type { z } from 'zod';
import type { Role } from './workspaces';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call a route: anyone, any signed-in person (their own account, not a workspace's data),
 * or a member of the workspace the call names holding at least this role.
 */
export type Access = 'public' | 'signed-in' | Role;

/**
 * One call of the HTTP API. The server registers its route from this (method, path and schemas)
 * and the client calls through it, so neither can drift from the other.
 */
export interface RouteDef {
  method: Method;
  /** `:name` segments are filled from `params`. */
  path: `/api/${string}`;
  /** Required, so a new route cannot forget to say who may call it; the server enforces it. */
  access: Access;
  /**
   * The route sends or schedules email: an API token needs the `send` scope for it (others need
   * `read` for GET, `write` otherwise). test/security/api-tokens checks that every route whose
   * path speaks of sending or scheduling says so, or is listed there with why not.
   */
  sends?: true;
  /**
   * The route honours an `Idempotency-Key` header (idempotency.ts): the same key again within 24 h
   * answers the first answer and does not act twice. Set on every POST that creates, changes or
   * sends; test/idempotency-routes.int.test.ts fails on a POST that neither sets it nor is listed
   * there with why not (sign-in, reads, previews, event streams). Kept answers are encrypted with
   * SECRET_KEY, so one holding a secret shown once (a new token's) is no readable copy of it.
   */
  idempotencyKey?: true;
  /**
   * Whether an API token (`Authorization: Bearer`) may call the route. Workspace routes take
   * tokens unless this is false; `signed-in` routes refuse them unless this is true (an account
   * read that makes sense outside a browser). Sign-in, sign-out and session routes never do.
   */
  tokens?: boolean;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The JSON reply; absent when the reply is not JSON (a file, a redirect, an event stream). */
  reply?: z.ZodType;
}

export const route = <const D extends RouteDef>(def: D): D => def;

type ParamsInput<D> = D extends { params: infer P extends z.ZodType }
  ? { params: z.output<P> }
  : { params?: undefined };
// Every query field has a default or is optional, so a caller names only those it sets.
type QueryInput<D> = D extends { query: infer Q extends z.ZodType }
  ? { query?: Partial<z.output<Q>> }
  : { query?: undefined };
type BodyInput<D> = D extends { body: infer B extends z.ZodType }
  ? undefined extends z.input<B>
    ? { body?: z.input<B> }
    : { body: z.input<B> }
  : { body?: undefined };

/** What a caller supplies: the path's params and the query as the server reads them, and the body. */
export type CallInput<D extends RouteDef> = ParamsInput<D> & QueryInput<D> & BodyInput<D>;

/** The JSON a route answers with. */
export type ReplyOf<D extends RouteDef> = D extends { reply: infer R extends z.ZodType }
  ? z.output<R>
  : never;

/** The path with its params filled in, plus the query string when a query is given. */
export function urlOf<D extends RouteDef>(def: D, input?: CallInput<D>): string {
  const params = (input?.params ?? {}) as Record<string, unknown>;
  const path = def.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null) throw new Error(`${def.path} needs the param ${name}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries((input?.query ?? {}) as Record<string, unknown>)) {
    if (value !== undefined && value !== null) search.set(name, String(value));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}
