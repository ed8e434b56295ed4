/**
 * The one rule book of emails and campaigns: their states, what a person may do to an email in
 * each state, and the daily limits. The database schema, the services that enforce the rules and
 * the client that shows or hides buttons all read them from here, so they cannot disagree.
 */

/**
 * An email's states: `draft` until it leaves review (approved or not), `queued` and `sending`
 * while a worker has it, `sent`, `failed` (the provider refused it, or the attempts ran out),
 * `scheduled` for a later time, `unsubscribed` (the recipient is on the suppression list),
 * `unknown` (the message may have gone out: a crash or a broken connection, and no Sent folder
 * to ask). Follow-ups of a sequence add two: `waiting` (approved and on its way, but the step
 * before it has not been sent yet; once it is, the follow-up is `scheduled` for its due time) and
 * `stopped` (it will never be sent: the recipient answered, bounced or unsubscribed, the step
 * before it did not go out, or the user stopped it; the reason is kept).
 */
export const EMAIL_STATUSES = [
  'draft',
  'queued',
  'sending',
  'sent',
  'failed',
  'scheduled',
  'unsubscribed',
  'unknown',
  'waiting',
  'stopped',
] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

/** A campaign's states, from its emails': see the campaign status refresh after each send. */
export const CAMPAIGN_STATUSES = [
  'draft',
  'generating',
  'ready',
  'scheduled',
  'sending',
  'completed',
] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** What a person can do to one email. */
export type EmailAction =
  /** Change its subject and body. */
  | 'edit'
  /** Approve it, or take the approval back. */
  | 'approve'
  /** Send it now or at a time, on its own ("Send Now", "Schedule"). */
  | 'send'
  /** Send it with the campaign's other approved emails ("Send Now (n)", "Schedule (n)"); needs approval. */
  | 'send-approved'
  /** Take it out of the schedule (or a follow-up out of its sequence), back to draft. */
  | 'unschedule'
  /** Settle a delivery-unknown email: mark it sent, or send it again. */
  | 'resolve';

/**
 * The states each action is allowed from. Nothing on its way or gone (`queued`, `sending`,
 * `sent`) can be changed: a worker sends what is stored, so an edit would be lost or half-sent.
 * A `scheduled` email is changed by unscheduling it first; an `unknown` one may be out, so it is
 * only resolved, never edited. A `waiting` follow-up is like a scheduled one; a `stopped` one is
 * settled for good.
 */
export const ALLOWED_FROM: Record<EmailAction, readonly EmailStatus[]> = {
  edit: ['draft', 'failed', 'unsubscribed'],
  approve: ['draft', 'failed', 'unsubscribed'],
  send: ['draft', 'failed', 'scheduled', 'unknown'],
  'send-approved': ['draft', 'failed', 'scheduled'],
  unschedule: ['scheduled', 'waiting'],
  resolve: ['unknown'],
};

/**
 * The states an approved follow-up leaves for its sequence on "Send now" or "Schedule": still in
 * review. One already in its sequence (waiting, or scheduled for its due time) stays as it is, so a
 * second "Send now" neither moves nor sends it.
 */
export const FOLLOW_UPS_TO_START: readonly EmailStatus[] = ['draft', 'failed'];

/** Whether `action` is allowed for an email in `status`. */
export function allows(action: EmailAction, status: EmailStatus): boolean {
  return ALLOWED_FROM[action].includes(status);
}

/** Emails a day per mailbox, by whether the campaign carries the unsubscribe link. */
export const DAILY_LIMIT_WITH_UNSUBSCRIBE = 500;
export const DAILY_LIMIT_WITHOUT_UNSUBSCRIBE = 100;

/**
 * The daily limit that applies to an email with or without the unsubscribe link, from a mailbox
 * whose own limit is `mailboxLimit` (null: the product's). Without the link the lower limit holds
 * whatever the mailbox allows, since mail people cannot leave is what spam reports follow.
 */
export function dailyLimitFor(withUnsubscribeLink: boolean, mailboxLimit: number | null = null) {
  const limit = mailboxLimit ?? DAILY_LIMIT_WITH_UNSUBSCRIBE;
  return withUnsubscribeLink ? limit : Math.min(limit, DAILY_LIMIT_WITHOUT_UNSUBSCRIBE);
}

/** The most a mailbox's own daily limit may be (Google Workspace's own sending limit). */
export const MAILBOX_DAILY_LIMIT_MAX = 2000;

/**
 * What several mailboxes allow together today for emails with or without the unsubscribe link:
 * the sum of their limits, what they sent, and what is left (never below 0 per mailbox).
 */
export function capacityOf(
  mailboxes: { dailyLimit: number | null; sentWithUnsubscribe: number; sentWithoutUnsubscribe: number }[],
  withLink: boolean,
) {
  let dailyLimit = 0;
  let sent = 0;
  let remaining = 0;
  for (const m of mailboxes) {
    const limit = dailyLimitFor(withLink, m.dailyLimit);
    const used = withLink ? m.sentWithUnsubscribe : m.sentWithoutUnsubscribe;
    dailyLimit += limit;
    sent += used;
    remaining += Math.max(0, limit - used);
  }
  return { dailyLimit, sent, remaining };
}
