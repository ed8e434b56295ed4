import { z } from 'zod';
import type { RouteDef } from './route';

/**
 * What an API token may do: `read` calls GET routes, `write` changes data without sending email,
 * `send` calls the routes that send or schedule email (those marked `sends` in the API table).
 * Each route needs exactly one of them, and never more than the token's maker's role allows.
 */
export const API_TOKEN_SCOPES = ['read', 'write', 'send'] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];
export const apiTokenScope = z.enum(API_TOKEN_SCOPES);

/** Every token starts with this, so a leaked one is recognisable (and secret scanners can match it). */
export const API_TOKEN_PREFIX = 'tlr_';

/** A token as Settings lists it: never its secret, only the first characters to tell it apart. */
export const apiToken = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The secret's first characters, e.g. `tlr_ab12cd34`. */
  prefix: z.string(),
  scopes: z.array(apiTokenScope),
  /** Who made it: the token acts as them, within their current role. */
  madeBy: z.string().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
});
export type ApiTokenView = z.infer<typeof apiToken>;

/** POST /api/workspace/api-tokens. */
export const createApiTokenBody = z
  .object({
    name: z.string().trim().min(1).max(100),
    scopes: z
      .array(apiTokenScope)
      .min(1)
      .max(API_TOKEN_SCOPES.length)
      .refine((s) => new Set(s).size === s.length, 'Each scope once'),
    /** When it stops working; absent or null: never. */
    expiresAt: z.iso.datetime({ offset: true }).nullish(),
  })
  .strict();

/** The create answer: the only time the secret is ever shown. */
export const createdApiToken = apiToken.extend({ secret: z.string() });
export type CreatedApiToken = z.infer<typeof createdApiToken>;

/** The one scope a route needs of a token: `send` for routes marked `sends`, else by method. */
export const scopeNeeded = (def: Pick<RouteDef, 'method' | 'sends'>): ApiTokenScope =>
  def.sends ? 'send' : def.method === 'GET' ? 'read' : 'write';

/** Whether a token may call the route at all (RouteDef.tokens says why the defaults differ). */
export const routeTakesTokens = (def: Pick<RouteDef, 'access' | 'tokens'>): boolean =>
  def.access === 'public' ? false : def.access === 'signed-in' ? def.tokens === true : def.tokens !== false;
