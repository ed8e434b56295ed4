import { z } from 'zod';
import { email } from './campaigns';
import { pageQuery } from './common';

/**
 * One email's text as a person edits it: the edit of PUT /api/emails/:id, and POST
 * /api/emails/:id/preview (the same text, composed as it would leave, nothing stored).
 */
export const emailTextBody = z
  .object({
    subject: z.string().max(2_000),
    body: z.string().max(200_000),
  })
  .strict();
export type EmailTextBody = z.infer<typeof emailTextBody>;

/** PUT /api/emails/:id — one of five bodies (docs/product.md §10). */
export const updateEmailBody = z.union([
  emailTextBody.extend({ isEdited: z.boolean().optional() }).strict(),
  z.object({ isApproved: z.boolean() }).strict(),
  /** Dismiss the draft's findings (the text stays as it is), or bring them back. */
  z.object({ findingsDismissed: z.boolean() }).strict(),
  z.object({ scheduledFor: z.iso.datetime({ offset: true }) }).strict(),
  z.object({ status: z.literal('draft'), scheduledFor: z.null() }).strict(),
]);
export type UpdateEmailBody = z.infer<typeof updateEmailBody>;

/** POST /api/emails/:id/send and POST /api/campaigns/:id/send-approved: now, or at a time. */
export const sendBody = z.object({ scheduledFor: z.iso.datetime({ offset: true }).optional() }).strict();

/** POST /api/emails/:id/send. */
export const sendEmailReply = z.object({
  status: z.enum(['queued', 'scheduled', 'unsubscribed']),
  /** docs/product.md §6: true when the address unsubscribed; nothing was sent. */
  unsubscribed: z.boolean(),
  scheduledFor: z.string().nullable(),
  email,
});

/** POST /api/campaigns/:id/send-approved (docs/product.md §6). */
export const sendApprovedReply = z.object({
  scheduledFor: z.string().nullable(),
  /** Emails queued to go out now; recipients on the suppression list are settled as unsubscribed, not counted. */
  successCount: z.number(),
  scheduledCount: z.number(),
  /** Approved follow-ups now in their sequence: each goes out when its step is due, unless stopped. */
  followUpCount: z.number(),
  dailyLimit: z.number(),
  hasUnsubscribeLink: z.boolean(),
});

/**
 * POST /api/campaigns/:id/approve-all: every email, or with `step` only that step's ("Approve all of
 * step 2"); with `withoutFindings` only drafts the checks read and found nothing in. Never an email
 * with an open high-severity finding.
 */
export const approveAllBody = z
  .object({ step: z.number().int().min(1).max(6).optional(), withoutFindings: z.boolean().optional() })
  .strict();
export const approveAllReply = z.object({
  approved: z.number(),
  /**
   * Left for a person: open high-severity findings, (without findings) any finding or no check yet,
   * and under four-eyes approval what the approver wrote.
   */
  held: z.number(),
  /** Of those held, what the approver wrote, left under four-eyes approval for someone else to approve. */
  heldForOthers: z.number(),
});

/**
 * GET /api/emails/:id/preview: the email as it will leave, from the same composer as the send:
 * the From and To lines, the subject (a follow-up's "Re: …"), and the HTML and text parts with the
 * signature, the unsubscribe footer and the open pixel. POST with an `emailTextBody` answers the
 * same for an edit not saved yet.
 */
export const emailPreview = z.object({
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  html: z.string(),
  text: z.string(),
});

/** POST /api/emails/:id/test: the current email, to the signed-in user's own address. */
export const sendTestReply = z.object({ sentTo: z.string() });

/** POST /api/emails/:id/resolve: the user's answer for an email whose delivery is unknown. */
export const resolveEmailBody = z.object({ action: z.enum(['mark-sent', 'resend']) }).strict();

/** GET /api/scheduled-emails: scheduled entries carry their recipient and campaign (docs/product.md §5). */
export const scheduledEmail = email.extend({ campaign: z.object({ id: z.number(), name: z.string() }) });

/** GET /api/scheduled-emails query: a page, of one campaign's emails when `campaignId` is given. */
export const scheduledEmailsQuery = pageQuery.extend({
  campaignId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});

/**
 * The emails a bulk action of the Scheduled Emails dialog applies to. Email ids are bigints: any
 * integer JSON carries exactly is accepted, and ids the user does not own are simply not counted.
 */
const bulkEmailIds = z.array(z.number().int().positive()).min(1).max(500);

/** POST /api/emails/unschedule: these scheduled emails back to draft. */
export const unscheduleEmailsBody = z.object({ ids: bulkEmailIds }).strict();
export const unscheduleEmailsReply = z.object({ unscheduled: z.number() });

/** POST /api/emails/reschedule: these scheduled emails to one new time, in the future. */
export const rescheduleEmailsBody = z
  .object({ ids: bulkEmailIds, scheduledFor: z.iso.datetime({ offset: true }) })
  .strict();
export const rescheduleEmailsReply = z.object({
  rescheduled: z.number(),
  /** Follow-ups among them that go at their due time, which is later than the time asked. */
  keptDueTime: z.number(),
});

/**
 * GET /api/campaigns/:id/open-stats (docs/product.md §8), with machine opens (image proxies) counted apart.
 */
export const openStats = z.object({
  uniqueOpens: z.number(),
  totalRecipients: z.number(),
  openRate: z.number(),
  sent: z.number(),
  uniqueOpensIncludingMachine: z.number(),
  machineOpens: z.number(),
});

/** GET /api/campaigns/:id/opened-emails: recipient addresses that opened. */
export const openedEmails = z.array(z.string());

/** GET /api/campaigns/:id/unsubscribers. */
export const unsubscriber = z.object({ id: z.number(), email: z.string(), createdAt: z.string() });
