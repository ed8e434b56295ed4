import { dailyLimitFor } from '../../../contract/email-rules';
import type { WorkspaceId } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { calendarDay } from '../../lib/calendar-day';
import { composeMessage, newMessageId } from '../../mail/compose';
import { MailOutcomeUnknownError } from '../../mail/mail-errors';
import { findOwnEmail } from '../../queries/email-actions';
import { defaultMailboxOf } from '../../queries/mailboxes';
import { refundSendQuota, takeSendQuota } from '../../queries/send-quota';
import { findSenderSettings } from '../../queries/sender-settings';
import { messageIdDomain, senderNameOf } from './campaign-message';
import { mailboxFor } from './mailbox';
import type { SendDeps } from './sender';

/**
 * "Send test to me": the email as the recipient would get it, to the signed-in user's own
 * address, marked [Test] and untracked, counted against today's quota. Sent inline because the
 * user is waiting for it; a provider error is the answer.
 */
export async function sendTestEmail(
  deps: SendDeps,
  user: {
    id: number;
    email: string | null;
    firstName: string | null;
    lastName: string | null;
    timeZone: string;
  },
  workspaceId: WorkspaceId,
  emailId: number,
) {
  if (!user.email) throw new AppError('bad_request', 'User email not available');
  const found = await findOwnEmail(deps.db, workspaceId, emailId);
  if (!found) throw notFound('Email');
  const day = calendarDay(user.timeZone);
  const row = await defaultMailboxOf(deps.db, user.id);
  if (!row)
    throw new AppError('conflict', 'You have no mailbox to send from: add one in Settings → Mailboxes.');
  if (!(await takeSendQuota(deps.db, row.id, day, true, dailyLimitFor(true, row.dailyLimit)))) {
    throw new AppError('rate_limited', 'Daily Limit Reached: no more emails can be sent today');
  }
  const settings = await findSenderSettings(deps.db, { userId: user.id, workspaceId });
  const messageId = newMessageId(messageIdDomain(deps));
  const fromEmail = row.address ?? user.email;
  const subject = `[Test] ${found.email.subject}`;
  const raw = composeMessage({
    from: { name: row.displayName ?? senderNameOf(user, settings), email: fromEmail },
    to: user.email,
    subject,
    html: found.email.body,
    signatureHtml: row.signature ?? settings?.signature ?? null,
    unsubscribe: null,
    pixelUrl: null,
    messageId,
    extraHeaders: { 'X-Tailor-Test': 'true' },
  });
  try {
    const mailbox = await mailboxFor(deps, row);
    await mailbox.transport.send({ raw, from: fromEmail, to: user.email, messageId, subject });
  } catch (err) {
    // It may have arrived: the quota stays taken and the user is told to look before trying again.
    if (err instanceof MailOutcomeUnknownError) {
      throw new AppError(
        'upstream_failed',
        `The test email may have been sent; check your inbox before sending another: ${err.message}`,
      );
    }
    await refundSendQuota(deps.db, row.id, day, true);
    throw new AppError('upstream_failed', `The test email was not sent: ${(err as Error).message}`);
  }
  return { sentTo: user.email };
}
