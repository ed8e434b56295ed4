import { DAILY_LIMIT_WITH_UNSUBSCRIBE, DAILY_LIMIT_WITHOUT_UNSUBSCRIBE } from '../../contract/limits';
import { calendarDay } from '../lib/calendar-day';
import { morningOf } from '../lib/send-days';
import { newMessageId } from '../mail/compose';
import { MailAuthError } from '../mail/mail-errors';
import { claimForSending, emailForSending, settleSending } from '../queries/email-sending';
import { deliverToOutbox } from '../queries/outbox';
import { refundSendQuota, takeSendQuota } from '../queries/send-quota';
import { takeSendTurn } from '../queries/users';
import { composeCampaignEmail, fromAddressOf, messageIdDomain } from './campaign-message';
import { refreshCampaignSendStatus } from './campaign-send-status';
import { afterSending, pause, settleFailedSends } from './send-failures';
import { pacingOf, type SendDeps, type Sender, senderOf } from './sender';
import { isUnsubscribed, UNSUBSCRIBED_MESSAGE } from './suppression';

export type { SendDeps } from './sender';

/** What became of one attempt; `retryAt` / `deferUntil` tell the job when to try again. */
export type SendOutcome =
  | { kind: 'sent' | 'failed' | 'unsubscribed' | 'skipped' | 'paused' | 'over-limit' }
  | { kind: 'retry'; retryAt: Date }
  /** The outcome is unknown; a Sent folder is asked at `reconcileAt`. */
  | { kind: 'unknown'; reconcileAt: Date }
  | { kind: 'deferred'; deferUntil: Date };

/**
 * Sends one queued email, exactly once: the queued → sending claim is a conditional update, the
 * Message-ID is stored before the provider is called, and a send interrupted after that point is
 * never blindly repeated (see reconcile-sending). Checks the suppression list and takes the daily
 * quota at send time; paces each mailbox across all workers. Unpaced mailboxes send whole
 * batches through send-batch instead.
 */
export async function sendQueuedEmail(deps: SendDeps, emailId: number): Promise<SendOutcome> {
  const found = await emailForSending(deps.db, emailId);
  if (found?.email.status !== 'queued') return { kind: 'skipped' };
  const { email, recipient, campaign } = found;
  let sender: Sender | null;
  try {
    sender = await senderOf(deps, email.userId);
  } catch (err) {
    if (!(err instanceof MailAuthError)) throw err;
    await pause(deps, email.userId);
    return { kind: 'paused' };
  }
  if (!sender) return { kind: 'skipped' };
  const { user, mailbox } = sender;
  const claimed = await claimForSending(deps.db, email.id, newMessageId(messageIdDomain(deps)));
  if (!claimed) return { kind: 'skipped' };
  const done = async (outcome: SendOutcome) => {
    await refreshCampaignSendStatus(deps.db, campaign.id);
    return outcome;
  };

  if (await isUnsubscribed(deps.db, user.id, recipient.email)) {
    await settleSending(deps.db, email.id, { status: 'unsubscribed', errorMessage: UNSUBSCRIBED_MESSAGE });
    return done({ kind: 'unsubscribed' });
  }

  const withLink = claimed.includeUnsubscribeLink ?? campaign.includeUnsubscribeLink;
  const day = calendarDay(user.timeZone);
  const limit = withLink ? DAILY_LIMIT_WITH_UNSUBSCRIBE : DAILY_LIMIT_WITHOUT_UNSUBSCRIBE;
  if (!(await takeSendQuota(deps.db, user.id, day, withLink, limit))) {
    // Today's allowance is used up: the email waits for tomorrow morning in the user's zone.
    await settleSending(deps.db, email.id, {
      status: 'scheduled',
      scheduledFor: morningOf(user.timeZone, 1),
    });
    return done({ kind: 'over-limit' });
  }

  const fromEmail = fromAddressOf(sender);
  const raw = await composeCampaignEmail(deps, sender, {
    email: claimed,
    recipientEmail: recipient.email,
    unsubscribe: { withLink, footer: campaign.unsubscribeMessage },
  });

  // The mailbox's turn is taken last, right before the provider call, so the spacing holds where
  // it matters: between requests reaching the provider.
  const perMinute = pacingOf(deps, sender);
  if (perMinute) {
    const notBefore = await waitForSendTurn(deps, user.id, 60_000 / perMinute);
    if (notBefore) {
      await refundSendQuota(deps.db, user.id, day, withLink);
      await settleSending(deps.db, email.id, { status: 'queued', attempts: claimed.attempts - 1 });
      return { kind: 'deferred', deferUntil: notBefore };
    }
  }

  try {
    if (mailbox.transport === 'outbox') {
      await deliverToOutbox(deps.db, claimed, {
        messageId: claimed.messageId!,
        recipient: recipient.email,
        subject: claimed.subject,
        raw,
      });
      deps.metrics.emailsSent.inc({ transport: 'outbox' });
      return done({ kind: 'sent' });
    }
    const result = await mailbox.transport.send({
      raw,
      from: fromEmail,
      to: recipient.email,
      messageId: claimed.messageId!,
    });
    const sentAt = new Date();
    const transport = mailbox.transport.kind;
    // Delivered: recorded even if the database goes away for a while right now.
    await afterSending(deps)(() =>
      settleSending(deps.db, email.id, {
        status: 'sent',
        sentAt,
        errorMessage: null,
        providerMessageId: result.providerMessageId,
        transport,
        rawMessage: raw,
      }),
    );
    deps.metrics.emailsSent.inc({ transport });
    return done({ kind: 'sent' });
  } catch (error) {
    const settled = await settleFailedSends(deps, sender, day, [
      { email: { id: email.id, attempts: claimed.attempts, withLink }, error, raw },
    ]);
    if (settled.paused) return { kind: 'paused' };
    const [retry] = settled.retries;
    if (retry) return { kind: 'retry', retryAt: retry.at };
    if (settled.reconcileAt) return done({ kind: 'unknown', reconcileAt: settled.reconcileAt });
    return done({ kind: 'failed' });
  }
}

/** Longest a job waits in-process for its mailbox's turn before handing back to the queue. */
const MAX_TURN_WAIT_MS = 2_000;

/**
 * Takes the mailbox's send turn, waiting briefly in-process when it frees up soon; returns null
 * once the turn is ours, or when to try again (the job is then re-queued for that time).
 */
async function waitForSendTurn(deps: SendDeps, userId: number, spacingMs: number): Promise<Date | null> {
  const giveUpAt = Date.now() + MAX_TURN_WAIT_MS;
  for (;;) {
    const next = await takeSendTurn(deps.db, userId, spacingMs);
    if (!next) return null;
    const wait = next.getTime() - Date.now();
    if (Date.now() + wait > giveUpAt) return next;
    // Jitter, so jobs waiting for one mailbox do not all ask again at the same instant.
    await new Promise((resolve) => setTimeout(resolve, Math.max(wait, 0) + Math.random() * 10));
  }
}
