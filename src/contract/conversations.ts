import { z } from 'zod';
import { ANSWER_CATEGORIES, CATEGORY_SOURCES } from './answers';
import { page } from './common';
import { EMAIL_STATUSES } from './email-rules';

/**
 * What the mailbox sync records (docs/product.md §12): the kinds of inbound message that refer to
 * a sent email, how an address came onto the suppression list, and how hard a bounce was.
 * `unreadable` (a message the parser could not read) and `unrelated-bounce` (a delivery report
 * about another address that cites our email) are shown and change nothing. `left-company` (an
 * automatic "no longer with the company" notice) stops the recipient's follow-ups and names the
 * colleague to write to instead.
 */
export const INBOUND_KINDS = [
  'reply',
  'auto-reply',
  'bounce',
  'unsubscribe-request',
  'unreadable',
  'unrelated-bounce',
  'left-company',
] as const;
export type InboundKind = (typeof INBOUND_KINDS)[number];

/** Hard: the address does not work (suppressed). Soft: it may work later (shown, not suppressed). */
export const BOUNCE_KINDS = ['hard', 'soft'] as const;
export type BounceKind = (typeof BOUNCE_KINDS)[number];

/**
 * Why an address is on the suppression list: the unsubscribe page the email links to, a mail
 * client's RFC 8058 one-click unsubscribe, an emailed request, or a hard bounce. All but the
 * bounce count as unsubscribes in the figures.
 */
export const SUPPRESSION_REASONS = ['link', 'one-click', 'email request', 'bounced'] as const;
export type SuppressionReason = (typeof SUPPRESSION_REASONS)[number];

/**
 * A message read from the sender's mailbox about one sent email (GET /api/emails/:id/events and the
 * Replies view). Only what the product shows is kept: who, when, the subject and a short snippet.
 */
export const inboundEvent = z.object({
  id: z.number(),
  kind: z.enum(INBOUND_KINDS),
  /** Bounces only. */
  bounceKind: z.enum(BOUNCE_KINDS).nullable(),
  /** A bounce's enhanced status code (e.g. 5.1.1) and the receiving server's words. */
  bounceStatus: z.string().nullable(),
  bounceDiagnostic: z.string().nullable(),
  fromAddress: z.string().nullable(),
  fromName: z.string().nullable(),
  subject: z.string(),
  /** At most 200 characters of the new text of a reply, as plain text. */
  snippet: z.string(),
  /** Opens the conversation in Gmail or Outlook on the web, when the provider gives one. */
  link: z.string().nullable(),
  /**
   * Left the company, or a reply saying it went to the wrong person: the colleague named instead
   * (name, address or both).
   */
  colleague: z.object({ name: z.string().nullable(), address: z.string().nullable() }).nullable().optional(),
  /** What the answer means; null while neither the rules nor a person could tell. */
  category: z.enum(ANSWER_CATEGORIES).nullable(),
  categorySource: z.enum(CATEGORY_SOURCES).nullable(),
  /** Not now: the day the reply names to write again (YYYY-MM-DD). */
  notNowUntil: z.string().nullable(),
  receivedAt: z.string(),
});
export type InboundEvent = z.infer<typeof inboundEvent>;

/** GET /api/emails/:id/events: what happened to one email, oldest first. */
export const emailEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('sent'), at: z.string() }),
  /** The first open by a person, and the first by an image proxy (which proves nothing). */
  z.object({ type: z.literal('opened'), at: z.string(), byMachine: z.boolean() }),
  z.object({ type: z.literal('unsubscribed'), at: z.string(), reason: z.enum(SUPPRESSION_REASONS) }),
  z.object({ type: z.literal('inbound'), at: z.string(), message: inboundEvent }),
  /** A person (or the AI provider) changed an answer's category: from what, to what, by whom. */
  z.object({
    type: z.literal('categorized'),
    at: z.string(),
    messageId: z.number(),
    from: z.enum(ANSWER_CATEGORIES).nullable(),
    to: z.enum(ANSWER_CATEGORIES).nullable(),
    source: z.enum(CATEGORY_SOURCES),
    /** The person's address; null for the AI provider, or a person no longer here. */
    by: z.string().nullable(),
  }),
  /**
   * A member answered one of this email's replies in its thread (the answer is an email of its
   * own, `answerEmailId`): when it was written, where its send stands, the start of its text.
   */
  z.object({
    type: z.literal('answered'),
    at: z.string(),
    messageId: z.number(),
    answerEmailId: z.number(),
    status: z.enum(EMAIL_STATUSES),
    sentAt: z.string().nullable(),
    /** The member who wrote it; null for one no longer here. */
    by: z.string().nullable(),
    snippet: z.string(),
  }),
]);
export type EmailEvent = z.infer<typeof emailEvent>;
export const emailEvents = z.object({ events: z.array(emailEvent) });

/** GET /api/campaigns/:id/replies: people's replies (not auto-replies), newest first, with the email answered. */
export const campaignReply = inboundEvent.extend({
  emailId: z.number(),
  recipientEmail: z.string(),
});
export type CampaignReply = z.infer<typeof campaignReply>;
export const campaignReplies = page(campaignReply);
export type CampaignReplies = z.infer<typeof campaignReplies>;

export const MAILBOX_KINDS = ['gmail', 'outlook', 'imap'] as const;

/**
 * GET /api/mailbox/sync-status: the mailbox where the signed-in user's replies arrive, and how its
 * sync stands. `mailbox` is null when there is none to read (a local user on a deployment
 * without IMAP_URL); `hint` then, or when reading is not allowed, says what to change and what
 * it brings.
 */
export const mailboxSyncStatus = z.object({
  mailbox: z
    .object({
      kind: z.enum(MAILBOX_KINDS),
      /** The address (or IMAP user) read. */
      address: z.string(),
      /** Whether Tailor may read it: the deployment asks for read access and the user granted it. */
      canRead: z.boolean(),
      /** The last sync that ended well; null before the first. */
      lastSyncedAt: z.string().nullable(),
      /** A sync is running now. */
      syncing: z.boolean(),
      /** The last sync's error, when the last sync failed. */
      lastError: z.string().nullable(),
      lastErrorAt: z.string().nullable(),
    })
    .nullable(),
  /** Syncs run every this many seconds. */
  intervalSeconds: z.number(),
  hint: z.string().nullable(),
});
export type MailboxSyncStatus = z.infer<typeof mailboxSyncStatus>;

/** POST /api/mailbox/sync ("Check now"): the sync is queued; poll the status for its outcome. */
export const syncNowReply = z.object({ queued: z.boolean() });
