import { type WebhookEventType, webhookEvents } from '../../../contract/webhook-events';

/** What an event type means, from its schema's description (the API reference says the same). */
export const eventHelp = (type: WebhookEventType): string => webhookEvents[type].description ?? '';

/**
 * How one attempt went: the delivery error when there is one (a timeout, a refused connection,
 * "HTTP 500"), else the status the receiver answered.
 */
export function attemptOutcome(attempt: { status: number | null; error: string | null }): string {
  if (attempt.error) return attempt.error;
  return attempt.status === null ? 'No answer' : `HTTP ${attempt.status}`;
}

/** An endpoint's backlog as its row shows it: "2 waiting · 1 failed this week". */
export const backlogText = (pending: number, failedThisWeek: number) =>
  `${pending} waiting · ${failedThisWeek} failed this week`;

/** The answer to a replay: how many deliveries go out again. */
export const replayedText = (replayed: number) =>
  replayed === 1 ? '1 delivery replayed' : `${replayed} deliveries replayed`;
