import { z } from 'zod';
import { page, pageQuery } from './common';
import { BOUNCE_KINDS } from './conversations';
import { FINDING_KINDS, finding } from './draft-findings';
import { CAMPAIGN_STATUSES, EMAIL_STATUSES } from './email-rules';
import { senderFactUsed, senderProfile, senderProfileInput } from './sender-profile';

export const campaignStatus = z.enum(CAMPAIGN_STATUSES);
export type CampaignStatus = z.infer<typeof campaignStatus>;

/** Follow-ups a campaign may have after its first email. */
export const MAX_FOLLOW_UPS = 5;

/**
 * A follow-up step: sent `delayDays` after the step before it reached the recipient (counting
 * Monday to Friday only with `businessDays`), in the same thread, written from its own template.
 */
export const campaignStep = z.object({
  delayDays: z.number().int().min(1).max(365),
  businessDays: z.boolean(),
  templateId: z.number().int().positive().max(2_147_483_647).nullable(),
});
export type CampaignStep = z.infer<typeof campaignStep>;

/**
 * When follow-ups may go out, in the recipient's time zone (the file's `timezone` column), else
 * the sender's: ISO weekdays (1 Monday … 7 Sunday) and minutes after midnight, the end excluded.
 */
export const sendWindow = z
  .object({
    days: z.array(z.number().int().min(1).max(7)).min(1).max(7),
    startMinute: z.number().int().min(0).max(1439),
    endMinute: z.number().int().min(1).max(1440),
  })
  .refine((w) => w.startMinute < w.endMinute, { message: 'The sending window must end after it starts' });
export type SendWindow = z.infer<typeof sendWindow>;
export const DEFAULT_SEND_WINDOW: SendWindow = {
  days: [1, 2, 3, 4, 5],
  startMinute: 9 * 60,
  endMinute: 17 * 60,
};

/**
 * A follow-up's subject: the first email's, as a reply ("Re: …"). Gmail joins a message to a
 * thread only when its subject matches the thread's, so a follow-up never has a subject of its own.
 */
export function replySubject(firstSubject: string) {
  return /^re:/i.test(firstSubject.trim()) ? firstSubject.trim() : `Re: ${firstSubject.trim()}`;
}

/** A campaign as lists and editors see it (docs/product.md §3). */
export const campaign = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  notes: z.string().nullable(),
  status: campaignStatus,
  templateId: z.number().nullable(),
  recipientCount: z.number(),
  columnMapping: z.record(z.string(), z.string()),
  includeUnsubscribeLink: z.boolean(),
  unsubscribeMessage: z.string().nullable(),
  /** Emails carry the open-tracking pixel; without it the campaign's open figures stay empty. */
  trackOpens: z.boolean(),
  /** AI drafts are also read by a second AI call for claims nothing supports (costs tokens). */
  checkClaimsWithAi: z.boolean(),
  /** What that check cost for the campaign's latest drafts. */
  claimCheck: z.object({ drafts: z.number(), tokens: z.number() }),
  /**
   * The campaign's own sender profile: its filled fields take the Settings' place for its AI
   * emails (never-claim entries add to them); null uses the Settings' profile. The server always
   * sends it; a campaign without it (built by an older client or a test) reads as null.
   */
  senderProfile: senderProfile.nullable().optional(),
  /** Follow-ups after the first email (step 1): the first of these is step 2. */
  steps: z.array(campaignStep),
  sendWindow,
  createdAt: z.string(),
  archivedAt: z.string().nullable(),
  /** Emails generated so far and the total, while or after generating. */
  generation: z.object({ processed: z.number(), total: z.number(), error: z.string().nullable() }),
});
export type Campaign = z.infer<typeof campaign>;

/** A campaign's all-time figures, from the rollup the Analytics page reads (docs/product.md §8). */
export const campaignResults = z.object({
  sent: z.number(),
  /** People's unique opens; machine opens are left out, as in every "opened" figure. */
  opened: z.number(),
  unsubscribed: z.number(),
});
export type CampaignResults = z.infer<typeof campaignResults>;

/**
 * A campaign as GET /api/campaigns and /api/campaigns/archived list it: with its results, which the
 * lists always send. Optional so a campaign read elsewhere (one GET, a save's reply) still fits.
 */
export const campaignListItem = campaign.extend({
  results: campaignResults.optional(),
  /** The first email's template's name, shown on the card; null without a template. */
  templateName: z.string().nullable().optional(),
  /** Some draft still waits for approval: the card offers Review whatever the campaign's status. */
  hasDraftsToApprove: z.boolean().optional(),
});
export type CampaignListItem = z.infer<typeof campaignListItem>;

/** Mapping placeholders the editor uses; the server treats both as "not mapped". */
export const MAPPING_NONE = '__none__';
export const MAPPING_SELECT = '__select__';

/** POST /api/campaigns (PUT adds the id). */
export const saveCampaignBody = z
  .object({
    id: z.number().int().optional(),
    name: z.string().max(200),
    description: z.string().max(5_000).nullable().optional(),
    notes: z.string().max(5_000).nullable().optional(),
    // Beyond PostgreSQL's integer no template exists; the bound keeps the query from failing.
    templateId: z.number().int().positive().max(2_147_483_647).nullable(),
    includeUnsubscribeLink: z.boolean().optional(),
    unsubscribeMessage: z.string().max(5_000).nullable().optional(),
    /** Absent: on for a new campaign, unchanged for an edit. */
    trackOpens: z.boolean().optional(),
    /** Absent: on for a new campaign, unchanged for an edit. */
    checkClaimsWithAi: z.boolean().optional(),
    /**
     * The campaign's own sender profile, whose filled fields take the Settings' place; null (or one
     * with nothing filled in) uses the Settings' profile. Absent: none for a new campaign, unchanged
     * for an edit.
     */
    senderProfile: senderProfileInput.nullable().optional(),
    columnMapping: z.record(z.string().max(64), z.string().max(500)).optional(),
    /** Absent: none for a new campaign, unchanged for an edit. */
    steps: z.array(campaignStep).max(MAX_FOLLOW_UPS).optional(),
    /** Absent: Monday to Friday, 09:00 to 17:00 for a new campaign, unchanged for an edit. */
    sendWindow: sendWindow.optional(),
  })
  .strict();
export type SaveCampaignBody = z.infer<typeof saveCampaignBody>;

/** What POST /api/campaigns/:id/upload-csv answers: the import's report. */
export const importReport = z.object({
  imported: z.number(),
  skipped: z.number(),
  /** The first skipped rows (row numbers count the header as row 1, as spreadsheets do). */
  skippedRows: z.array(z.object({ row: z.number(), email: z.string(), reason: z.string() })),
  /**
   * Rows imported with something ignored, e.g. a `timezone` value that is no IANA time zone (the
   * sender's zone is used for that recipient); the first ones, like skippedRows.
   */
  warnings: z.array(z.object({ row: z.number(), email: z.string(), reason: z.string() })),
  columns: z.array(z.string()),
});
export type ImportReport = z.infer<typeof importReport>;

/** POST /api/automap-columns. */
export const automapBody = z
  .object({ variables: z.array(z.string().max(64)).max(200), columns: z.array(z.string().max(500)).max(500) })
  .strict();
export const automapReply = z.object({ mapping: z.record(z.string(), z.string()) });

export const recipient = z.object({
  id: z.number(),
  campaignId: z.number(),
  email: z.string(),
  company: z.string().nullable(),
  jobTitle: z.string().nullable(),
  rowNumber: z.number(),
  data: z.record(z.string(), z.string()),
});
export type Recipient = z.infer<typeof recipient>;

export const emailStatus = z.enum(EMAIL_STATUSES);

/**
 * Who wrote, edited and approved an email, for the review (docs/product.md §5 and §14). Each is a
 * person's name (else their address), "a former member" once their account is deleted, and null
 * when nobody did it or the app does not know (emails from before workspaces had teams).
 */
export const emailAuthorship = z.object({
  /** Who wrote the text as it stands (generated it, or edited it last): four-eyes approval keeps them from approving it. */
  writerId: z.number().nullable(),
  generatedBy: z.string().nullable(),
  /** Who edited it last; null when nobody edited it. */
  editedBy: z.string().nullable(),
  /** Who approved it; null while it is not approved. */
  approvedBy: z.string().nullable(),
});
export type EmailAuthorship = z.infer<typeof emailAuthorship>;

/** An email (docs/product.md §4), with the recipient's details the review dialog shows. */
export const email = z.object({
  id: z.number(),
  campaignId: z.number(),
  recipientId: z.number(),
  /** 1 for the first email, 2 and up for the campaign's follow-ups. */
  step: z.number(),
  subject: z.string(),
  body: z.string(),
  isApproved: z.boolean(),
  isEdited: z.boolean(),
  status: emailStatus,
  errorMessage: z.string().nullable(),
  attentionReason: z.string().nullable(),
  /** What the draft checks found, most severe first; null until they ran (after generation). */
  findings: z.array(finding).nullable(),
  /** The user read the findings and kept the text as it is: the email no longer needs attention. */
  findingsDismissed: z.boolean(),
  /** Waiting for a person: a draft not yet approved with findings not dismissed (the queue's first part). */
  needsAttention: z.boolean(),
  sentAt: z.string().nullable(),
  scheduledFor: z.string().nullable(),
  /** Our Message-ID, set when sending starts: what to look for in the Sent folder. */
  messageId: z.string().nullable(),
  /** The first reply by a person, read from the sender's mailbox (docs/product.md §12). */
  repliedAt: z.string().nullable(),
  /** The latest bounce, and whether the address failed for good (hard) or for now (soft). */
  bouncedAt: z.string().nullable(),
  bounceKind: z.enum(BOUNCE_KINDS).nullable(),
  /**
   * Which facts of the sender profile (proof points, the offer, the website) an AI draft states, in
   * the profile's order; only in a campaign's pages of emails (the review), and not for a draft
   * written from a fixed template, whose text is the user's own.
   */
  senderFactsUsed: z.array(senderFactUsed).optional(),
  /** Only in a campaign's pages of emails (the review) and the reply to a change of one email. */
  authorship: emailAuthorship.optional(),
  recipient: z.object({ email: z.string(), company: z.string().nullable(), jobTitle: z.string().nullable() }),
});
export type Email = z.infer<typeof email>;

/**
 * GET /api/campaigns/:id/emails. `order=attention` is the review queue: emails that need attention
 * first (most severe finding first), then the rest, each part in recipient order. `finding` keeps
 * only emails that need attention, for any finding or for one kind.
 */
export const emailPageQuery = pageQuery.extend({
  order: z.enum(['recipient', 'attention']).default('recipient'),
  finding: z.enum([...FINDING_KINDS, 'any']).optional(),
});

/** GET /api/campaigns/:id/emails: a page, plus campaign-wide counts the review dialog shows. */
export const emailPage = page(email).extend({
  counts: z.object({
    /** Approved emails, whatever their status. */
    approved: z.number(),
    /**
     * Approved first emails that "Send now" sends and "Schedule" schedules (the rule book: draft,
     * failed or scheduled). Follow-ups are never among them: each goes at its due time.
     */
    firstToSend: z.number(),
    /** Approved follow-ups still in review that the same action puts into their sequence, to go when due. */
    followUpsToStart: z.number(),
    /** Drafts awaiting approval with open findings, in all and per kind (an email may count under several). */
    needsAttention: z.number(),
    byKind: z.record(z.enum(FINDING_KINDS), z.number()),
    /** What "Approve all without findings" would approve: checked drafts with nothing found. */
    withoutFindings: z.number(),
    /** Drafts the checks have not read yet (they run in the background after generation). */
    unchecked: z.number(),
    /** Approved emails whose findings the user dismissed rather than fixed. */
    approvedWithDismissed: z.number(),
  }),
});

/**
 * GET /api/campaigns/:id/daily-stats: the sender's mailbox quota this campaign counts against
 * (with or without an unsubscribe link), across all their campaigns, for the user's today.
 */
export const campaignDailyStats = z.object({
  todaySentCount: z.number(),
  dailyLimit: z.number(),
  remainingToday: z.number(),
});

/** SSE events of POST /api/campaigns/:id/generate-emails. */
export type GenerationEvent =
  | {
      event: 'progress';
      data: { progress: number; processed: number; total: number; currentRecipient: string | null };
    }
  | { event: 'complete'; data: { processed: number; total: number; failed: number } }
  | { event: 'error'; data: { message: string } };
