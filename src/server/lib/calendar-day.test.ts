import { describe, expect, it } from 'vitest';
import { calendarDay } from './calendar-day';

describe('calendarDay', () => {
  it('counts the day in the given zone, not UTC', () => {
    const at = new Date('2026-03-01T03:30:00Z');
    expect(calendarDay('UTC', at)).toBe('2026-03-01');
    expect(calendarDay('America/Los_Angeles', at)).toBe('2026-02-28');
    expect(calendarDay('Asia/Tokyo', new Date('2026-12-31T15:30:00Z'))).toBe('2027-01-01');
  });
});
