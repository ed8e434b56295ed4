import { z } from 'zod';

/** GET /api/public-config: what pages need before they act (sign-in choices, AI, the operator's legal details). */
export const publicConfig = z.object({
  signIn: z.object({
    google: z.boolean(),
    microsoft: z.boolean(),
    /** "Continue locally" is offered (no provider configured, not production, request from loopback). */
    local: z.boolean(),
    /** Local sign-in is on, but only for requests from the server's own machine (this one is not). */
    localOnThisMachineOnly: z.boolean(),
  }),
  /** An AI provider is configured (AI_PROVIDER): AI Generate, AI previews and AI templates work. */
  ai: z.boolean(),
  legal: z.object({
    entity: z.string(),
    contactEmail: z.string(),
    state: z.string(),
  }),
});
export type PublicConfig = z.infer<typeof publicConfig>;
