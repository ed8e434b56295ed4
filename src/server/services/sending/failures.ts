import { retryWhileConnectionLost } from '../../db/connection-lost';
import {
  MailAuthError,
  MailConfigError,
  MailOutcomeUnknownError,
  MailRetryableError,
} from '../../mail/mail-errors';
import { settleSending } from '../../queries/email-sending';
import { markMailboxNeedsReauth } from '../../queries/mailboxes';
import { refundSendQuotaMany } from '../../queries/send-quota';
import { forgetMailbox, type SendDeps, type Sender, transportOf } from './sender';

/** An email to try again later, and when. */
export type SendRetry = { emailId: number; at: Date };

/** A claimed email whose send threw, with what it threw. */
export type FailedSend = {
  email: { id: number; attempts: number; withLink: boolean };
  error: unknown;
  /** The message as handed over: kept when it may have arrived, so the user can see what went out. */
  raw: string;
};

/** What a send leaves for later: emails to try again, and when to ask a Sent folder. */
export type SendFollowUps = { retries: SendRetry[]; reconcileAt: Date | null };

export const OUTCOME_UNKNOWN_MESSAGE =
  'Delivery unknown: the connection to the mail server broke after the message was handed over, before it confirmed. Check your Sent folder, then mark it as sent or send it again.';
export const CHECKING_SENT_FOLDER_MESSAGE =
  'The connection broke after the message was handed over: checking the Sent folder before deciding.';

/** Wait before try `attempt + 1`: doubling from 2 s, at most 10 minutes. */
export function backoffMs(attempt: number) {
  return Math.min(2 ** attempt * 1000, 10 * 60_000);
}

/** "4 minutes": the least time `attempts` tries take with the backoff above. */
export function retrySpan(attempts: number) {
  let ms = 0;
  for (let a = 1; a < attempts; a++) ms += backoffMs(a);
  const seconds = Math.round(ms / 1000);
  if (seconds < 120) return `${seconds} seconds`;
  const minutes = Math.round(seconds / 60);
  return minutes < 120 ? `${minutes} minutes` : `${Math.round(minutes / 60)} hours`;
}

/**
 * The one failure policy of every send path. Per error kind:
 * - sign-in needed: back to queued, the mailbox paused until it has working credentials again;
 * - outcome unknown (the message may have arrived): never sent again blindly. With a Sent folder
 *   to ask it stays `sending` and is reconciled after the lease, as after a crash; without one
 *   it becomes "delivery unknown" for the user. Its quota stays taken;
 * - configuration error: failed at once, with the setting to change;
 * - temporary: queued again with backoff until the attempts run out, then failed with a message
 *   saying so;
 * - anything else: failed with the provider's words.
 * Quota is refunded for every email that certainly did not go out.
 */
export async function settleFailedSends(
  deps: SendDeps,
  sender: Sender,
  day: string,
  failed: FailedSend[],
): Promise<SendFollowUps> {
  const { db } = deps;
  const persist = afterSending(deps);
  const mailboxId = sender.mailbox.row.id;
  const canFindSent = sender.mailbox.transport.findSent !== null;
  const transport = transportOf(sender);
  const notSent = failed.filter((f) => !(f.error instanceof MailOutcomeUnknownError));
  for (const withLink of [true, false])
    await persist(() =>
      refundSendQuotaMany(
        db,
        mailboxId,
        day,
        withLink,
        notSent.filter((f) => f.email.withLink === withLink).length,
      ),
    );

  const settlement: SendFollowUps = { retries: [], reconcileAt: null };
  let needsSignIn = false;
  const fail = async (emailId: number, message: string) => {
    deps.log.warn({ emailId, err: message }, 'email failed');
    deps.metrics.emailsFailed.inc({ transport });
    await persist(() => settleSending(db, emailId, { status: 'failed', errorMessage: message }));
  };
  for (const { email, error, raw } of failed) {
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof MailAuthError) {
      needsSignIn = true;
      await persist(() => settleSending(db, email.id, { status: 'queued' }));
    } else if (error instanceof MailOutcomeUnknownError) {
      deps.log.warn({ emailId: email.id, err: message }, 'send outcome unknown');
      if (canFindSent) {
        // Still `sending`, with a fresh lease: reconcile-sending asks the Sent folder once it ends.
        await persist(() =>
          settleSending(db, email.id, {
            status: 'sending',
            errorMessage: CHECKING_SENT_FOLDER_MESSAGE,
            rawMessage: raw,
            transport,
          }),
        );
        settlement.reconcileAt = new Date(Date.now() + (deps.config.mail.leaseSeconds + 1) * 1000);
      } else {
        await persist(() =>
          settleSending(db, email.id, {
            status: 'unknown',
            errorMessage: `${OUTCOME_UNKNOWN_MESSAGE} (${message})`,
            rawMessage: raw,
            transport,
          }),
        );
      }
    } else if (error instanceof MailConfigError) {
      await fail(email.id, message);
    } else if (error instanceof MailRetryableError) {
      if (email.attempts < deps.config.mail.maxAttempts) {
        await persist(() => settleSending(db, email.id, { status: 'queued', errorMessage: null }));
        const wait = Math.max(error.retryAfterMs ?? 0, backoffMs(email.attempts));
        settlement.retries.push({ emailId: email.id, at: new Date(Date.now() + wait) });
      } else {
        const span = retrySpan(email.attempts);
        await fail(email.id, `Gave up after ${email.attempts} attempts over ${span}: ${message}`);
      }
    } else {
      await fail(email.id, message);
    }
  }
  if (needsSignIn) await pause(deps, mailboxId);
  return settlement;
}

/**
 * Writes made after the provider was called wait out a lost database connection (each is
 * conditional on `sending`, so repeating one is safe) for up to the sending lease; after that
 * the email is reconcile-sending's to settle.
 */
export function afterSending(deps: SendDeps) {
  return <T>(work: () => Promise<T>) => retryWhileConnectionLost(work, deps.config.mail.leaseSeconds * 1000);
}

/**
 * The mailbox refused its credentials: it waits for a new sign-in (or, for a mailbox set up in
 * Settings, its current password). Its emails stay queued and go out once it has them; the other
 * mailboxes keep sending.
 */
export async function pause(deps: SendDeps, mailboxId: number) {
  forgetMailbox(deps, mailboxId);
  await markMailboxNeedsReauth(deps.db, mailboxId, true);
}
