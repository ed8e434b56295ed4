import { describe, expect, it } from 'vitest';
import { canApprove, canEdit, canSendNow, conversationLabels, emailStatusLabel } from './email-status';

describe('emailStatusLabel', () => {
  it('names the statuses docs/product.md §4 lists', () => {
    expect(emailStatusLabel({ status: 'sent', isApproved: true }).label).toBe('Sent');
    expect(emailStatusLabel({ status: 'failed', isApproved: true }).label).toBe('Failed');
    expect(emailStatusLabel({ status: 'scheduled', isApproved: true }).label).toBe('Scheduled');
    expect(emailStatusLabel({ status: 'unsubscribed', isApproved: false }).label).toBe('Unsubscribed');
  });

  it('shows a draft as Approved or Pending', () => {
    expect(emailStatusLabel({ status: 'draft', isApproved: true }).label).toBe('Approved');
    expect(emailStatusLabel({ status: 'draft', isApproved: false }).label).toBe('Pending');
  });

  it('keeps sends in flight and unconfirmed ones apart from drafts', () => {
    expect(emailStatusLabel({ status: 'queued', isApproved: true }).label).toBe('Sending');
    expect(emailStatusLabel({ status: 'sending', isApproved: true }).label).toBe('Sending');
    expect(emailStatusLabel({ status: 'unknown', isApproved: true }).label).toBe('Delivery unknown');
  });
});

describe('what the review card offers', () => {
  it('edits and approves drafts, failures and unsubscribed ones; sends drafts and failures', () => {
    for (const status of ['draft', 'failed', 'unsubscribed'] as const) {
      expect(canEdit({ status })).toBe(true);
      expect(canApprove({ status })).toBe(true);
    }
    expect(canSendNow({ status: 'draft' })).toBe(true);
    expect(canSendNow({ status: 'failed' })).toBe(true);
    // The server refuses to send an email whose recipient unsubscribed: no button for it.
    expect(canSendNow({ status: 'unsubscribed' })).toBe(false);
  });

  it('locks sent, scheduled, in-flight and delivery-unknown emails (those two have their own controls)', () => {
    for (const status of ['sent', 'scheduled', 'queued', 'sending', 'unknown'] as const) {
      expect(canEdit({ status })).toBe(false);
      expect(canApprove({ status })).toBe(false);
      expect(canSendNow({ status })).toBe(false);
    }
  });
});

describe('conversationLabels', () => {
  it('adds Replied in green and a bounce in red with how hard it was', () => {
    expect(conversationLabels({ repliedAt: null, bounceKind: null })).toEqual([]);
    expect(conversationLabels({ repliedAt: '2025-08-02T09:00:00Z', bounceKind: null })).toEqual([
      { label: 'Replied', color: 'green' },
    ]);
    expect(conversationLabels({ repliedAt: null, bounceKind: 'soft' })).toEqual([
      { label: 'Bounced (soft)', color: 'red' },
    ]);
    // A soft bounce (mailbox full) and a later reply can both have happened.
    expect(
      conversationLabels({ repliedAt: '2025-08-02T09:00:00Z', bounceKind: 'hard' }).map((l) => l.label),
    ).toEqual(['Replied', 'Bounced (hard)']);
  });
});
