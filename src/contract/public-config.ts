import { z } from 'zod';

/** GET /api/public-config: what signed-out pages need (sign-in choices, the operator's legal details). */
export const publicConfig = z.object({
  signIn: z.object({
    google: z.boolean(),
    microsoft: z.boolean(),
    /** "Continue locally" is offered (no provider configured, not production, request from loopback). */
    local: z.boolean(),
  }),
  legal: z.object({
    entity: z.string(),
    contactEmail: z.string(),
    state: z.string(),
  }),
});
export type PublicConfig = z.infer<typeof publicConfig>;
