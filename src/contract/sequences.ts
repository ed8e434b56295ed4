import { z } from 'zod';
import { idParams, page } from './common';

/**
 * Where a recipient stands in a campaign's sequence: `active` while a step is still to go (the
 * next one and when it is due, when known), `finished` once nothing more will be sent, `stopped`
 * when a follow-up was stopped (a reply, a bounce, an unsubscribe, a step not sent, or the user),
 * with the reason.
 */
export const recipientSequence = z.object({
  recipientId: z.number(),
  email: z.string(),
  state: z.enum(['active', 'finished', 'stopped']),
  /** The last step sent to this recipient (0 when none yet). */
  sentSteps: z.number(),
  /** The next step to go, while active. */
  nextStep: z.number().nullable(),
  /** When the next step is due; null while it waits for the step before or for approval. */
  dueAt: z.string().nullable(),
  /** Why the sequence stopped, as the user reads it ("Stopped: replied on 3 Dec"). */
  reason: z.string().nullable(),
});
export type RecipientSequence = z.infer<typeof recipientSequence>;

/** GET /api/campaigns/:id/sequence: one row per recipient, in the file's order. */
export const campaignSequence = page(recipientSequence);

/** POST /api/campaigns/:id/recipients/:recipientId/stop. */
export const recipientParams = idParams.extend({
  recipientId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

/** POST /api/campaigns/:id/sequence/stop: how many follow-ups were stopped. */
export const stopSequenceReply = z.object({ stopped: z.number() });

/**
 * GET /api/campaigns/:id/step-stats: per step, the emails sent, the people who replied to that
 * step's email (a person, not an auto-reply), hard bounces and unsubscribes from it: where in the
 * sequence people answered. Rates are of the step's sent emails (0 when none was sent).
 */
export const stepStats = z.array(
  z.object({
    step: z.number(),
    sent: z.number(),
    replied: z.number(),
    replyRate: z.number(),
    bounced: z.number(),
    bounceRate: z.number(),
    unsubscribed: z.number(),
  }),
);
export type StepStats = z.infer<typeof stepStats>;

/**
 * POST /api/campaigns/:id/regenerate-step: the step's emails still in review (draft or failed)
 * are written again from its template, as new drafts to review; generation runs as usual.
 */
export const regenerateStepBody = z.object({ step: z.number().int().min(1).max(6) }).strict();
export const regenerateStepReply = z.object({ regenerating: z.number() });
