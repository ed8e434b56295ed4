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
  /** Days the inbox keeps the whole of an answer once read; 0: only its snippet is kept. */
  keepAnswerDays: z.number().int(),
});
export type WorkspaceMembership = z.infer<typeof workspaceMembership>;

/**
 * Why an email's writer may not approve it in a workspace with four-eyes approval: the server's
 * refusal, and the review's reason beside the Approve button it turns off.
 */
export const FOUR_EYES_MESSAGE =
  'This workspace asks for a second pair of eyes: someone other than the person who wrote or last edited this email approves it';

/** The header (or `workspace` query parameter) that names the workspace a call works in. */
export const WORKSPACE_HEADER = 'x-tailor-workspace';

/** POST /api/workspaces: a new workspace, with its maker as owner. */
export const createWorkspaceBody = z.object({ name: z.string().trim().min(1).max(100) }).strict();

/** At most a year: a kept answer is a copy of someone's mail, kept for reading it again. */
export const MAX_KEEP_ANSWER_DAYS = 365;

/**
 * PUT /api/workspace: its name, whether every email needs a second person's approval, and how
 * many days the inbox keeps answers it has read (0: none).
 */
export const updateWorkspaceBody = z
  .object({
    name: z.string().trim().min(1).max(100).optional(),
    fourEyes: z.boolean().optional(),
    keepAnswerDays: z.number().int().min(0).max(MAX_KEEP_ANSWER_DAYS).optional(),
  })
  .strict();

/** A member of the workspace, as its Members page lists them. */
export const member = z.object({
  userId: z.number().int(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  role,
  joinedAt: z.string(),
});
export type Member = z.infer<typeof member>;

/** PUT /api/workspace/members/:id. */
export const changeRoleBody = z.object({ role }).strict();

/** POST /api/workspace/invitations: who, and as what. */
export const inviteBody = z
  .object({
    email: z
      .string()
      .trim()
      .max(254)
      .regex(/^[^\s@]+@[^\s@]+$/, 'Invalid email address'),
    role,
  })
  .strict();

/** An invitation not yet accepted. The link is shown once, when it is made: only its hash is kept. */
export const invitation = z.object({
  id: z.number().int(),
  email: z.string(),
  role,
  invitedBy: z.string().nullable(),
  expiresAt: z.string(),
  createdAt: z.string(),
});
export const createdInvitation = invitation.extend({ link: z.string() });

/** POST /api/invitations/accept: the token from the link. */
export const acceptInvitationBody = z.object({ token: z.string().trim().min(20).max(100) }).strict();
export const acceptInvitationReply = workspaceMembership;

/** How long an invitation link works. */
export const INVITATION_DAYS = 7;

/** One line of a workspace's record of who did what (owners read and export it). */
export const auditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  /** The address of who did it, as it was then; null when the app did it by itself. */
  actor: z.string().nullable(),
  action: z.string(),
  subjectType: z.string().nullable(),
  subjectId: z.number().nullable(),
  detail: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntryView = z.infer<typeof auditEntry>;

/** Newest first; `before` is the oldest id of the page before (keyset paging). */
export const auditQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(100),
  before: z.coerce.number().int().positive().optional(),
});
export const auditPageReply = z.object({ items: z.array(auditEntry) });
