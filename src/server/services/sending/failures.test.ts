import { describe, expect, it } from 'vitest';
import { backoffMs, retrySpan } from './failures';

describe('retry timing', () => {
  it('doubles from 2 seconds up to 10 minutes', () => {
    expect([1, 2, 3, 9, 10, 20].map(backoffMs)).toEqual([2_000, 4_000, 8_000, 512_000, 600_000, 600_000]);
  });

  it('says how long the attempts took at least, in words', () => {
    expect(retrySpan(1)).toBe('0 seconds');
    expect(retrySpan(3)).toBe('6 seconds');
    // The default 8 attempts: 2+4+…+128 s.
    expect(retrySpan(8)).toBe('4 minutes');
    expect(retrySpan(20)).toBe('117 minutes');
    expect(retrySpan(30)).toBe('4 hours');
  });
});
