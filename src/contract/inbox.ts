import { z } from 'zod';
import { ANSWER_CATEGORIES } from './answers';
import { page, pageQuery } from './common';
import { inboundEvent } from './conversations';
import { EMAIL_STATUSES } from './email-rules';

/**
 * The inbox (docs/product.md §16): every answer to the workspace's campaigns, newest first, with
 * filters a URL can carry. `category=none` lists the answers nobody could place yet; `assignee`
 * is a member's id, `me` or `nobody`.
 */
export const inboxQuery = pageQuery.extend({
  status: z.enum(['all', 'unread', 'read']).default('all'),
  category: z.enum([...ANSWER_CATEGORIES, 'none']).optional(),
  campaignId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  mailboxId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  assignee: z
    .union([z.enum(['me', 'nobody']), z.coerce.number().int().positive().max(2_147_483_647)])
    .optional(),
});
export type InboxQuery = z.infer<typeof inboxQuery>;

export const inboxItem = inboundEvent.extend({
  /** Null for an emailed unsubscribe request that quotes none of the workspace's emails. */
  emailId: z.number().nullable(),
  campaign: z.object({ id: z.number(), name: z.string() }).nullable(),
  /** The address the answered email went to. */
  recipientEmail: z.string().nullable(),
  /** The mailbox it arrived in; null for the deployment's shared IMAP mailbox. */
  mailbox: z.object({ id: z.number(), address: z.string().nullable() }).nullable(),
  assignee: z.object({ id: z.number(), name: z.string() }).nullable(),
  readAt: z.string().nullable(),
  /**
   * Its latest answer from the inbox (§16), when one was written: where its send stands and when
   * (sent, scheduled for, or written).
   */
  answer: z.object({ status: z.enum(EMAIL_STATUSES), at: z.string() }).nullable(),
});
export type InboxItem = z.infer<typeof inboxItem>;
export const inboxPage = page(inboxItem).extend({
  /** Unread answers in the whole inbox, whatever the filters (the sidebar's badge). */
  unread: z.number(),
});
export type InboxPage = z.infer<typeof inboxPage>;

export const inboxUnread = z.object({ unread: z.number() });

/** A person's category for an answer (null takes it away); for `not-now`, the day to write again. */
export const setCategoryBody = z
  .object({
    category: z.enum(ANSWER_CATEGORIES).nullable(),
    notNowUntil: z.iso.date().nullable().optional(),
  })
  .refine((b) => !b.notNowUntil || b.category === 'not-now', {
    message: 'A date to write again goes with "not now" only',
    path: ['notNowUntil'],
  });

export const setReadBody = z.object({ read: z.boolean() });
export const setAssigneeBody = z.object({
  userId: z.number().int().positive().max(2_147_483_647).nullable(),
});

/**
 * One answer read whole from its mailbox (or from the workspace's kept copy): its HTML sanitised
 * on the server, remote images left out unless asked for (`blockedImages` says how many), its
 * attachments listed by name only.
 */
export const answerMessage = z.object({
  subject: z.string(),
  from: z.object({ name: z.string().nullable(), address: z.string().nullable() }),
  to: z.array(z.string()),
  cc: z.array(z.string()),
  date: z.string().nullable(),
  /** Sanitised HTML, null when the message has none (then `text`). */
  html: z.string().nullable(),
  text: z.string().nullable(),
  blockedImages: z.number(),
  attachments: z.array(z.object({ filename: z.string(), contentType: z.string(), size: z.number() })),
  /** `mailbox`: fetched now; `kept`: the workspace's copy (it keeps answers for some days). */
  source: z.enum(['mailbox', 'kept']),
});
export type AnswerMessage = z.infer<typeof answerMessage>;
export const readMessageQuery = z.object({ images: z.enum(['true', 'false']).default('false') });
