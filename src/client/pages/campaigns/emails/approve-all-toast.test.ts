import { describe, expect, it } from 'vitest';
import { approveAllToast } from './approve-all-toast';

describe('approveAllToast', () => {
  it('counts the approved emails', () => {
    expect(approveAllToast({ approved: 3, held: 0 }, {})).toEqual({
      title: 'All emails approved',
      message: '3 emails approved.',
      tone: 'success',
    });
    expect(approveAllToast({ approved: 1, held: 0 }, { step: 2 }).title).toBe(
      'All emails of step 2 approved',
    );
  });

  it('tells how many high-severity findings held back, and does not say "all" then', () => {
    expect(approveAllToast({ approved: 4, held: 1 }, {})).toEqual({
      title: 'Emails approved',
      message: '4 emails approved. 1 email with high-severity findings left for you to read.',
      tone: 'success',
    });
    expect(approveAllToast({ approved: 4, held: 2 }, { step: 3 }).title).toBe('Emails of step 3 approved');
  });

  it('tells how many without findings were left, and why', () => {
    expect(approveAllToast({ approved: 5, held: 2 }, { withoutFindings: true })).toEqual({
      title: 'Emails without findings approved',
      message:
        '5 emails approved. 2 emails left for you to read: they have findings or are still being checked.',
      tone: 'success',
    });
  });
});
