import { describe, expect, it } from 'vitest';
import { morningOf } from './send-days';

describe('morningOf', () => {
  it('gives 09:00 local time on the following days, across zones and DST', () => {
    const now = new Date('2026-03-07T23:30:00Z');
    expect(morningOf('UTC', 1, now).toISOString()).toBe('2026-03-08T09:00:00.000Z');
    // New York: 18:30 on the 7th locally; DST starts on the 8th, so 09:00 is 13:00Z.
    expect(morningOf('America/New_York', 1, now).toISOString()).toBe('2026-03-08T13:00:00.000Z');
    expect(morningOf('Asia/Tokyo', 2, now).toISOString()).toBe('2026-03-10T00:00:00.000Z');
  });
});
