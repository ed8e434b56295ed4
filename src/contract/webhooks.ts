import { z } from 'zod';
import { type WebhookEventType, webhookEvents } from './webhook-events';

/**
 * A delivery waits (`pending`, also between retries), arrived (`delivered`: a 2xx answer), or was
 * given up (`failed`: every retry spent, or its endpoint answered 410 Gone); a failed one can be
 * replayed.
 */
export const WEBHOOK_DELIVERY_STATES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryState = (typeof WEBHOOK_DELIVERY_STATES)[number];

export const WEBHOOK_EVENT_TYPES = Object.keys(webhookEvents) as WebhookEventType[];
const eventType = z.enum(WEBHOOK_EVENT_TYPES as [WebhookEventType, ...WebhookEventType[]]);

/** Every secret starts with this (Standard Webhooks): the rest is 32 random bytes in base64. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

/**
 * Seconds to wait after each failed attempt before the next (the Standard Webhooks schedule):
 * ten attempts over about three days, then the delivery is given up and can be replayed.
 */
export const WEBHOOK_RETRY_DELAYS = [5, 300, 1_800, 7_200, 18_000, 36_000, 50_400, 72_000, 86_400] as const;

/** An endpoint's URL: http(s) only, no credentials in it (the signature authenticates). */
const endpointUrl = z
  .url({ protocol: /^https?$/, error: 'Enter an http:// or https:// address' })
  .max(2000)
  .refine((u) => {
    // Zod runs this also when the URL check above failed: an unreadable URL is its problem, not ours.
    if (!URL.canParse(u)) return true;
    const parsed = new URL(u);
    return !parsed.username && !parsed.password;
  }, 'Leave the user name and password out of the address: the signature proves who sends');

export const webhookEndpoint = z.object({
  id: z.number().int(),
  url: z.string(),
  description: z.string(),
  /** Empty: every event type, also ones added later. */
  eventTypes: z.array(eventType),
  enabled: z.boolean(),
  /** Why Tailor turned it off (e.g. it answered 410 Gone); null when on or turned off by a person. */
  disabledReason: z.string().nullable(),
  /** Until when the secret replaced last still signs beside the new one; null when none does. */
  previousSecretUntil: z.string().nullable(),
  createdAt: z.string(),
  /** Deliveries waiting for their next attempt, and those given up in the last 7 days. */
  pending: z.number().int(),
  failedThisWeek: z.number().int(),
  lastAttempt: z
    .object({ at: z.string(), status: z.number().int().nullable(), error: z.string().nullable() })
    .nullable(),
});
export type WebhookEndpointView = z.infer<typeof webhookEndpoint>;

export const createWebhookEndpointBody = z
  .object({
    url: endpointUrl,
    description: z.string().trim().max(200).default(''),
    eventTypes: z
      .array(eventType)
      .max(WEBHOOK_EVENT_TYPES.length)
      .refine((t) => new Set(t).size === t.length, 'Each event type once')
      .default([]),
  })
  .strict();

export const updateWebhookEndpointBody = z
  .object({
    url: endpointUrl.optional(),
    description: z.string().trim().max(200).optional(),
    eventTypes: z
      .array(eventType)
      .max(WEBHOOK_EVENT_TYPES.length)
      .refine((t) => new Set(t).size === t.length, 'Each event type once')
      .optional(),
    enabled: z.boolean().optional(),
  })
  .strict();

/** The create and rotate answers: the only times the secret is shown. */
export const webhookSecretReply = z.object({
  endpoint: webhookEndpoint,
  secret: z.string().describe('whsec_… : verify each delivery with it (Standard Webhooks)'),
});

export const webhookAttempt = z.object({
  at: z.string(),
  status: z.number().int().nullable(),
  error: z.string().nullable(),
  /** The answer's first 500 characters. */
  responseExcerpt: z.string(),
  durationMs: z.number().int(),
});

export const webhookDelivery = z.object({
  id: z.number().int(),
  /** The `webhook-id` header: the same on every attempt and replay. */
  messageId: z.string(),
  eventType: z.string(),
  occurredAt: z.string(),
  state: z.enum(WEBHOOK_DELIVERY_STATES),
  attempts: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  lastStatus: z.number().int().nullable(),
  lastError: z.string().nullable(),
  deliveredAt: z.string().nullable(),
});

export const webhookDeliveryDetail = webhookDelivery.extend({
  /** The body as sent (Standard Webhooks envelope). */
  payload: z.unknown(),
  log: z.array(webhookAttempt),
});

export const deliveriesQuery = z.object({
  state: z.enum(WEBHOOK_DELIVERY_STATES).optional(),
  /** Deliveries older than this id (the last one of the page before). */
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const deliveriesPage = z.object({
  items: z.array(webhookDelivery),
  /** Pass as `before` for the next page; null on the last. */
  nextBefore: z.number().int().nullable(),
});

export const deliveryParams = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  deliveryId: z.coerce.number().int().positive(),
});

export const replayFailedBody = z
  .object({
    since: z.iso.datetime({ offset: true }),
    until: z.iso.datetime({ offset: true }).optional(),
  })
  .strict()
  .refine((b) => !b.until || Date.parse(b.until) > Date.parse(b.since), {
    error: '`until` must come after `since`',
    path: ['until'],
  });

export const replayReply = z.object({ replayed: z.number().int() });
