import type { MantineColor } from '@mantine/core';
import type { Email } from '../../../../contract/campaigns';

type Status = Email['status'];

export interface StatusLabel {
  label: string;
  color: MantineColor;
}

// SPEC §4 names these statuses; queued, sending and unknown are ours (a send in flight, or one a crash
// left unconfirmed) and get their own words so nobody mistakes them for an unsent draft.
const NAMED: Partial<Record<Status, StatusLabel>> = {
  sent: { label: 'Sent', color: 'teal' },
  failed: { label: 'Failed', color: 'red' },
  scheduled: { label: 'Scheduled', color: 'violet' },
  unsubscribed: { label: 'Unsubscribed', color: 'gray' },
  queued: { label: 'Sending', color: 'orange' },
  sending: { label: 'Sending', color: 'orange' },
  unknown: { label: 'Delivery unknown', color: 'yellow' },
};

/**
 * The badge of an email (SPEC §4). A draft is every email not yet sent, so it shows its review state,
 * Approved or Pending; otherwise those two labels could never appear.
 */
export function emailStatusLabel(email: Pick<Email, 'status' | 'isApproved'>): StatusLabel {
  return (
    NAMED[email.status] ??
    (email.isApproved ? { label: 'Approved', color: 'blue' } : { label: 'Pending', color: 'gray' })
  );
}

/** Statuses whose message is out of the user's hands: sent, about to be, or waiting for its time. */
const LOCKED: readonly Status[] = ['sent', 'scheduled', 'queued', 'sending', 'unknown'];

/**
 * SPEC §4: Edit is disabled for sent or scheduled emails. The same holds while a send is in flight,
 * because the worker sends what is stored and an edit then would be lost or half-sent.
 */
export const canEdit = (email: Pick<Email, 'status'>) => !LOCKED.includes(email.status);

/** SPEC §4: Approve and Send Now are hidden for sent or scheduled emails (and, as above, in-flight ones). */
export const canApproveOrSend = (email: Pick<Email, 'status'>) => !LOCKED.includes(email.status);
