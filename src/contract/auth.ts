import { z } from 'zod';

/** GET /api/auth/user (docs/product.md §1). */
export const currentUser = z.object({
  id: z.number(),
  profileImageUrl: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  termsAcceptedAt: z.string().nullable(),
  provider: z.enum(['google', 'microsoft', 'local']),
  timeZone: z.string(),
  /** Sending is paused: the mailbox refused its credentials and the user must sign in again. */
  mailboxNeedsReauth: z.boolean(),
  /** Runs this deployment (OPERATOR_EMAILS, else the first to sign in): sees the doctor in Settings. */
  isOperator: z.boolean(),
});
export type CurrentUser = z.infer<typeof currentUser>;

/** POST /api/auth/local: optional identity so several local users can exist side by side. */
export const localSignInBody = z
  .object({
    // Loose on purpose: local addresses such as you@localhost have no dot in the domain.
    email: z
      .string()
      .trim()
      .max(254)
      .regex(/^[^\s@]+@[^\s@]+$/, 'Invalid email address')
      .optional(),
    firstName: z.string().trim().max(100).optional(),
    lastName: z.string().trim().max(100).optional(),
  })
  .strict();
export type LocalSignInBody = z.infer<typeof localSignInBody>;

/** The provider segment of the sign-in paths. */
export const signInProviderParams = z.object({ provider: z.enum(['google', 'outlook']) });

export const okReply = z.object({ ok: z.literal(true) });

/** POST /api/auth/accept-terms. */
export const acceptTermsReply = z.object({ ok: z.literal(true), termsAcceptedAt: z.string() });

/** POST /api/auth/time-zone: the browser's IANA zone, used for daily limits and day boundaries. */
export const timeZoneBody = z.object({ timeZone: z.string().min(1).max(64) }).strict();

/** DELETE /api/account: the account's email (or DELETE when it has none), typed to confirm. */
export const deleteAccountBody = z.object({ confirmation: z.string().max(320) }).strict();

/** GET /api/doctor: the deployment's checks, as the doctor command reports them. */
export const doctorReport = z.object({
  checkedAt: z.string(),
  ok: z.boolean(),
  checks: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      status: z.enum(['pass', 'warn', 'fail']),
      why: z.string(),
      todo: z.string().nullable(),
    }),
  ),
});
export type DoctorReportView = z.infer<typeof doctorReport>;
