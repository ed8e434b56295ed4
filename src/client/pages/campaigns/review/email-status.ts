import type { MantineColor } from '@mantine/core';
import type { Email } from '../../../../contract/campaigns';
import { allows } from '../../../../contract/email-rules';

type Status = Email['status'];

export interface StatusLabel {
  label: string;
  color: MantineColor;
}

// Statuses of docs/product.md §4; queued, sending and unknown are in-flight states (a send in flight, or
// one a crash left unconfirmed) and get their own words so nobody mistakes them for an unsent draft.
const NAMED: Partial<Record<Status, StatusLabel>> = {
  sent: { label: 'Sent', color: 'teal' },
  failed: { label: 'Failed', color: 'red' },
  scheduled: { label: 'Scheduled', color: 'violet' },
  unsubscribed: { label: 'Unsubscribed', color: 'gray' },
  queued: { label: 'Sending', color: 'orange' },
  sending: { label: 'Sending', color: 'orange' },
  unknown: { label: 'Delivery unknown', color: 'yellow' },
  waiting: { label: 'Follow-up waiting', color: 'violet' },
  stopped: { label: 'Stopped', color: 'gray' },
};

/**
 * The badge of an email (docs/product.md §4). A draft is every email not yet sent, so it shows its review
 * state, Approved or Pending; otherwise those two labels could never appear.
 */
export function emailStatusLabel(email: Pick<Email, 'status' | 'isApproved'>): StatusLabel {
  return (
    NAMED[email.status] ??
    (email.isApproved ? { label: 'Approved', color: 'blue' } : { label: 'Pending', color: 'gray' })
  );
}

/** Edit is offered where the rule book allows it: never for sent, scheduled, in-flight or delivery-unknown emails. */
export const canEdit = (email: Pick<Email, 'status'>) => allows('edit', email.status);

/** Approve (and withdrawing an approval) is offered where the rule book allows it. */
export const canApprove = (email: Pick<Email, 'status'>) => allows('approve', email.status);

/**
 * Send Now is offered on the card where the rule book allows a single send, except for the
 * states that show their own controls there instead: a scheduled email is moved from the
 * Scheduled dialog, a delivery-unknown one is resolved (mark as sent / send again).
 */
export const canSendNow = (email: Pick<Email, 'status'>) =>
  allows('send', email.status) && email.status !== 'scheduled' && email.status !== 'unknown';

/**
 * What the mailbox sync learnt of a sent email (docs/product.md §12), shown beside its status: a
 * person replied, and whether the address bounced for good (hard) or for now (soft).
 */
export function conversationLabels(email: Pick<Email, 'repliedAt' | 'bounceKind'>): StatusLabel[] {
  const labels: StatusLabel[] = [];
  if (email.repliedAt) labels.push({ label: 'Replied', color: 'green' });
  if (email.bounceKind) labels.push({ label: `Bounced (${email.bounceKind})`, color: 'red' });
  return labels;
}
