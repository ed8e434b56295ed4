import { describe, expect, it } from 'vitest';
import { approveAllToast } from './approve-all-toast';

describe('approveAllToast', () => {
  it('counts the approved emails', () => {
    expect(approveAllToast({ approved: 3, held: 0, heldForOthers: 0 }, {})).toEqual({
      title: 'All emails approved',
      message: '3 emails approved.',
      tone: 'success',
    });
    expect(approveAllToast({ approved: 1, held: 0, heldForOthers: 0 }, { step: 2 }).title).toBe(
      'All emails of step 2 approved',
    );
  });

  it('tells how many high-severity findings held back, and does not say "all" then', () => {
    expect(approveAllToast({ approved: 4, held: 1, heldForOthers: 0 }, {})).toEqual({
      title: 'Emails approved',
      message: '4 emails approved. 1 email with high-severity findings left for you to read.',
      tone: 'success',
    });
    expect(approveAllToast({ approved: 4, held: 2, heldForOthers: 0 }, { step: 3 }).title).toBe(
      'Emails of step 3 approved',
    );
  });

  it('tells how many without findings were left, and why', () => {
    expect(approveAllToast({ approved: 5, held: 2, heldForOthers: 0 }, { withoutFindings: true })).toEqual({
      title: 'Emails without findings approved',
      message:
        '5 emails approved. 2 emails left for you to read: they have findings or are still being checked.',
      tone: 'success',
    });
  });

  it('tells how many wait for someone else because this person wrote them', () => {
    expect(approveAllToast({ approved: 2, held: 3, heldForOthers: 3 }, {})).toEqual({
      title: 'Emails approved',
      message: "2 emails approved. 3 emails held for someone else's approval: you wrote them.",
      tone: 'success',
    });
    // Held for both reasons: each is counted once, under its own reason.
    expect(approveAllToast({ approved: 1, held: 3, heldForOthers: 1 }, {}).message).toBe(
      "1 email approved. 1 email held for someone else's approval: you wrote it. 2 emails with high-severity findings left for you to read.",
    );
  });

  it('says so when none was approved', () => {
    expect(approveAllToast({ approved: 0, held: 2, heldForOthers: 2 }, { step: 2 })).toEqual({
      title: 'No emails approved',
      message: "0 emails approved. 2 emails held for someone else's approval: you wrote them.",
      tone: 'info',
    });
  });
});
