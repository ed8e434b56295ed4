import { describe, expect, it } from 'vitest';
import { canApproveOrSend, canEdit, emailStatusLabel } from './email-status';

describe('emailStatusLabel', () => {
  it('names the statuses SPEC §4 lists', () => {
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

describe('what an email allows', () => {
  it('edits, approves and sends drafts, failures and unsubscribed ones', () => {
    for (const status of ['draft', 'failed', 'unsubscribed'] as const) {
      expect(canEdit({ status })).toBe(true);
      expect(canApproveOrSend({ status })).toBe(true);
    }
  });

  it('locks sent, scheduled and in-flight emails', () => {
    for (const status of ['sent', 'scheduled', 'queued', 'sending', 'unknown'] as const) {
      expect(canEdit({ status })).toBe(false);
      expect(canApproveOrSend({ status })).toBe(false);
    }
  });
});
