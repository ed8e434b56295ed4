import { z } from 'zod';
import { inboundEvent } from './conversations';
import { EMAIL_STATUSES } from './email-rules';

/**
 * Answering in the thread (docs/product.md §16): a person's answer to a reply is an email of the
 * reply's campaign and recipient (step 0), written and approved by whoever sends it, leaving from
 * the mailbox that received the reply, in the reply's thread. A reply may be answered again once
 * its answer has gone (as in any mail client); one answer to it is on its way at a time.
 */

/** One answer as the thread shows it: what was written, and where its send stands. */
export const threadAnswer = z.object({
  /** The email row that carries it (GET /api/emails/:id/raw has the message as sent). */
  emailId: z.number(),
  /** The reply it answers. */
  inboundId: z.number(),
  subject: z.string(),
  /** The answer's HTML as written. */
  body: z.string(),
  status: z.enum(EMAIL_STATUSES),
  /** Why it failed, or why it was held (e.g. the recipient unsubscribed meanwhile). */
  errorMessage: z.string().nullable(),
  /** Set when today's limit or the mailbox's sending hours moved it on. */
  scheduledFor: z.string().nullable(),
  sentAt: z.string().nullable(),
  /** Who wrote and sent it. */
  sentBy: z.object({ id: z.number(), name: z.string() }).nullable(),
  createdAt: z.string(),
});
export type ThreadAnswer = z.infer<typeof threadAnswer>;

/**
 * The conversation with the recipient, oldest first: the campaign's emails sent to them, their
 * answers (snippets, as the sync keeps them) and the workspace's answers to those.
 */
export const threadItem = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('sent'),
    emailId: z.number(),
    step: z.number(),
    subject: z.string(),
    body: z.string(),
    at: z.string(),
  }),
  z.object({ type: z.literal('inbound'), at: z.string(), message: inboundEvent }),
  z.object({ type: z.literal('answer'), at: z.string(), answer: threadAnswer }),
]);
export type ThreadItem = z.infer<typeof threadItem>;

export const answerThread = z.object({
  items: z.array(threadItem),
  /** This reply's latest answer, when one was written (a failed one's words can be sent again). */
  answer: threadAnswer.nullable(),
  /**
   * "Not now": the latest day one of the recipient's replies named to write again, while it is
   * ahead. The recipient's sequence stopped at their reply; the editor offers to send on that day.
   */
  heldUntil: z.iso.date().nullable(),
  /**
   * Whether the signed-in member can answer this reply now, and if not, why (in words for the
   * page): it quotes no email of ours, only a person's reply is answered, the recipient is on the
   * suppression list, it arrived in a teammate's mailbox, an answer is on its way, or whether the
   * last one arrived is unknown.
   */
  canAnswer: z.boolean(),
  cannotAnswerReason: z.string().nullable(),
  /** The answer's subject and the address it goes from and to. */
  subject: z.string(),
  from: z.string().nullable(),
  to: z.string().nullable(),
});
export type AnswerThread = z.infer<typeof answerThread>;

/**
 * The answer as the person wrote it (simple HTML, as in the review's editor), and when to send
 * it: now (no `sendAt`), or at a later time — the follow-up a "not now" answer offers for its date.
 */
export const answerBody = z.object({
  body: z
    .string()
    .max(200_000)
    .refine((body) => body.replace(/<[^>]*>|&nbsp;/g, '').trim().length > 0, 'Write the answer first'),
  sendAt: z.iso.datetime({ offset: true }).nullable().optional(),
});
export type AnswerBody = z.infer<typeof answerBody>;

/** An AI suggestion for the answer: never sent by itself, only put into the editor. */
export const answerSuggestion = z.object({ body: z.string() });
export type AnswerSuggestion = z.infer<typeof answerSuggestion>;

/**
 * "Wrong person": the colleague the reply named, added to the campaign as a new recipient (the
 * answered recipient's row with the address changed and their own name left out), whose emails
 * are then written like every other recipient's and wait in review. `address` defaults to the
 * colleague the rules, the AI or a person read from the reply.
 */
export const addColleagueBody = z.object({ address: z.email().max(320).optional() });
export const addedColleague = z.object({
  recipientId: z.number(),
  campaignId: z.number(),
  email: z.string(),
});
export type AddedColleague = z.infer<typeof addedColleague>;
