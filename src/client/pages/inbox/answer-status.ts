import { answerBody, type ThreadAnswer } from '../../../contract/answer-thread';
import type { EmailStatus } from '../../../contract/email-rules';
import { formatDateTime } from '../../format-date';
import { emailStatusLabel, type StatusLabel } from '../campaigns/review/email-status';

/**
 * An answer's badge, in the words every email's status has (docs/product.md §4): queued shows as
 * Sending, so nobody takes it for an answer that went nowhere. An answer is approved by whoever
 * sends it, so a draft never shows as Pending.
 */
export const answerStatusLabel = (status: EmailStatus): StatusLabel =>
  emailStatusLabel({ status, isApproved: true });

/** Where an answer's send stands, in words: when it left, why it did not, or when it will. */
export function answerStatusLine(
  answer: Pick<ThreadAnswer, 'status' | 'sentAt' | 'errorMessage' | 'scheduledFor'>,
): string {
  const why = answer.errorMessage;
  switch (answer.status) {
    case 'sent':
      return answer.sentAt ? `Sent ${formatDateTime(answer.sentAt)}` : 'Sent';
    case 'queued':
    case 'sending':
      return 'On its way…';
    case 'scheduled': {
      const when = answer.scheduledFor ? `Goes out ${formatDateTime(answer.scheduledFor)}` : 'Scheduled';
      return why ? `${when}: ${why}` : when;
    }
    case 'failed':
      return `Not sent: ${why ?? 'the mailbox refused it'}. Answer again to send it.`;
    case 'unknown':
      return 'Delivery unknown: sending was cut off before the mailbox confirmed it. Check its Sent folder.';
    case 'unsubscribed':
      return `Not sent: ${why ?? 'the recipient is on the suppression list'}`;
    case 'stopped':
      return `Not sent${why ? `: ${why}` : ''}`;
    default:
      return why ?? '';
  }
}

/** The answer can go as the server reads it: words in it (markup and spaces alone are none), not too long. */
export const sendable = (body: string) => answerBody.safeParse({ body }).success;
