import { z } from 'zod';
import { ANSWER_CATEGORIES, CATEGORY_SOURCES } from './answers';
import { BOUNCE_KINDS } from './conversations';

/**
 * The events Tailor will POST to a workspace's webhook endpoints (issue #33), described here so the
 * OpenAPI document's `webhooks` and the code that delivers them share one definition. Each body is
 * a Standard Webhooks envelope: `type`, `timestamp` (when the event happened, ISO 8601) and `data`.
 * `data` carries ids, never message text: a receiver that wants more reads it through the API.
 */

const id = z.number().int().positive();
const at = z.iso.datetime({ offset: true });

/** Every event names the workspace and campaign it belongs to. */
const campaignFacts = z.object({
  workspaceId: id.describe('The workspace the campaign belongs to'),
  campaignId: id,
});

/** Every event about one sent (or attempted) email: which one, to whom, and its step in the sequence. */
const emailFacts = campaignFacts.extend({
  emailId: id,
  recipient: z.string().describe("The recipient's address"),
  step: z
    .number()
    .int()
    .min(0)
    .describe(
      "1 for the first email, 2 and up for follow-ups, 0 for a person's answer to a reply (from the inbox)",
    ),
});

const answerCategory = z.enum(ANSWER_CATEGORIES).nullable();

function event<T extends string, D extends z.ZodObject>(type: T, data: D, description: string) {
  return z
    .object({
      type: z.literal(type),
      timestamp: at.describe('When the event happened'),
      data,
    })
    .describe(description);
}

export const emailSentEvent = event(
  'email.sent',
  emailFacts.extend({
    mailboxId: id.describe('The mailbox it was sent from'),
    messageId: z.string().describe('The Message-ID header of the message sent'),
  }),
  'The mail server or provider accepted the email.',
);

export const emailDeliveryUnknownEvent = event(
  'email.delivery_unknown',
  emailFacts.extend({ reason: z.string() }),
  'The send was interrupted and it is not known whether the email left; someone must mark it sent or send it again.',
);

export const emailFailedEvent = event(
  'email.failed',
  emailFacts.extend({ reason: z.string().describe("The server's or provider's words") }),
  'The email could not be sent; a person can try it again.',
);

export const emailOpenedEvent = event(
  'email.opened',
  emailFacts.extend({
    openedBy: z
      .enum(['person', 'machine'])
      .describe('`machine` when a mail provider or security scanner fetched the pixel, not a person'),
    firstOpen: z
      .boolean()
      .describe(
        'True for the first open of this email of its kind (the first by a person, the first by a machine)',
      ),
  }),
  'The open pixel of the email was loaded.',
);

export const emailRepliedEvent = event(
  'email.replied',
  emailFacts.extend({
    replyId: id.describe('The reply as listed by GET /api/campaigns/{id}/replies'),
    category: answerCategory.describe('What the rules read in it; null when they could not tell'),
  }),
  'The recipient replied. Their follow-ups stop.',
);

export const emailAutoRepliedEvent = event(
  'email.auto_replied',
  emailFacts.extend({ replyId: id, category: answerCategory }),
  'An automatic reply arrived (out of office and the like).',
);

export const emailBouncedEvent = event(
  'email.bounced',
  emailFacts.extend({
    bounceKind: z.enum(BOUNCE_KINDS).describe('Hard: the address does not work and is suppressed'),
    status: z.string().nullable().describe('The enhanced status code, e.g. 5.1.1'),
  }),
  'A delivery report says the email did not arrive.',
);

export const UNSUBSCRIBE_ROUTES = ['link', 'one-click', 'email', 'bounce'] as const;

export const recipientUnsubscribedEvent = event(
  'recipient.unsubscribed',
  z.object({
    workspaceId: id,
    campaignId: id.nullable().describe('The campaign it came through, when known'),
    emailId: id.nullable().describe('The email it came through, when known'),
    recipient: z.string(),
    route: z
      .enum(UNSUBSCRIBE_ROUTES)
      .describe('The link in the email, RFC 8058 one-click, an emailed request, or a hard bounce'),
  }),
  'The address is on the workspace suppression list: nothing more is sent to it.',
);

/**
 * Why follow-ups stopped: the recipient replied, bounced, unsubscribed or left the company; the
 * email before was not sent; a person stopped them; their sender left the workspace.
 */
export const SEQUENCE_STOP_REASONS = [
  'replied',
  'bounced',
  'unsubscribed',
  'left-company',
  'previous-not-sent',
  'user',
  'sender-removed',
] as const;

export const sequenceStoppedEvent = event(
  'sequence.stopped',
  campaignFacts.extend({
    recipientId: id,
    recipient: z.string(),
    reason: z.enum(SEQUENCE_STOP_REASONS),
    stepsStopped: z.number().int().min(0).describe('Follow-ups that will not be sent'),
  }),
  "One recipient's follow-ups were stopped.",
);

export const campaignGeneratedEvent = event(
  'campaign.generated',
  campaignFacts.extend({ generated: z.number().int().min(0), failed: z.number().int().min(0) }),
  "Generation finished: every recipient's email is written (or failed) and waits for review.",
);

export const campaignCompletedEvent = event(
  'campaign.completed',
  campaignFacts.extend({
    sent: z.number().int().min(0),
    failed: z.number().int().min(0),
    bounced: z.number().int().min(0),
  }),
  'Every email of the campaign, follow-ups included, has been sent or will not be.',
);

export const answerCategorizedEvent = event(
  'answer.categorized',
  emailFacts.extend({
    replyId: id,
    category: answerCategory.describe('The category now; null when it was taken away'),
    previousCategory: answerCategory,
    source: z
      .enum(CATEGORY_SOURCES)
      .describe('`person` for a member of the workspace, `ai` for the AI provider'),
  }),
  "A person or the AI provider changed an answer's category.",
);

/** Every event, by its type: the document's `webhooks` names each after its type. */
export const webhookEvents = {
  'email.sent': emailSentEvent,
  'email.delivery_unknown': emailDeliveryUnknownEvent,
  'email.failed': emailFailedEvent,
  'email.opened': emailOpenedEvent,
  'email.replied': emailRepliedEvent,
  'email.auto_replied': emailAutoRepliedEvent,
  'email.bounced': emailBouncedEvent,
  'answer.categorized': answerCategorizedEvent,
  'recipient.unsubscribed': recipientUnsubscribedEvent,
  'sequence.stopped': sequenceStoppedEvent,
  'campaign.generated': campaignGeneratedEvent,
  'campaign.completed': campaignCompletedEvent,
} as const;

export type WebhookEventType = keyof typeof webhookEvents;

/** Any event, told apart by `type`: what a receiver parses. */
export const webhookEvent = z.discriminatedUnion('type', [
  emailSentEvent,
  emailDeliveryUnknownEvent,
  emailFailedEvent,
  emailOpenedEvent,
  emailRepliedEvent,
  emailAutoRepliedEvent,
  emailBouncedEvent,
  answerCategorizedEvent,
  recipientUnsubscribedEvent,
  sequenceStoppedEvent,
  campaignGeneratedEvent,
  campaignCompletedEvent,
]);
export type WebhookEvent = z.infer<typeof webhookEvent>;
