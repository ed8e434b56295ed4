import { z } from 'zod';

/**
 * A member's role in a workspace, least to most: each role may do everything the ones before it
 * may. viewer reads; reviewer also edits and approves drafts (never sends); sender also makes
 * templates and campaigns and sends from their own mailbox; owner also manages members, settings
 * and deletion.
 */
export const ROLES = ['viewer', 'reviewer', 'sender', 'owner'] as const;
export type Role = (typeof ROLES)[number];
export const role = z.enum(ROLES);

/** True when `held` may do what `needed` allows. */
export const roleAllows = (held: Role, needed: Role) => ROLES.indexOf(held) >= ROLES.indexOf(needed);

/** One workspace the signed-in person belongs to, with their role in it. */
export const workspaceMembership = z.object({
  id: z.number().int(),
  name: z.string(),
  role,
  fourEyes: z.boolean(),
});
export type WorkspaceMembership = z.infer<typeof workspaceMembership>;

/** The header (or `workspace` query parameter) that names the workspace a call works in. */
export const WORKSPACE_HEADER = 'x-tailor-workspace';
