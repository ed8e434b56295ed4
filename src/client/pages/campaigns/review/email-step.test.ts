import { describe, expect, it } from 'vitest';
import { isFollowUp, stepLabel } from './email-step';

describe('stepLabel', () => {
  it('names the first email and each follow-up', () => {
    expect(stepLabel(1)).toBe('Step 1');
    expect(stepLabel(2)).toBe('Step 2 · follow-up');
    expect(isFollowUp({ step: 1 })).toBe(false);
    expect(isFollowUp({ step: 3 })).toBe(true);
  });
});
