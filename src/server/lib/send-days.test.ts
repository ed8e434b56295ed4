import { describe, expect, it } from 'vitest';
import { morningOf, openingOf, startOfDay } from './send-days';

describe('morningOf', () => {
  it('gives 09:00 local time on the following days, across zones and DST', () => {
    const now = new Date('2026-03-07T23:30:00Z');
    expect(morningOf('UTC', 1, now).toISOString()).toBe('2026-03-08T09:00:00.000Z');
    // New York: 18:30 on the 7th locally; DST starts on the 8th, so 09:00 is 13:00Z.
    expect(morningOf('America/New_York', 1, now).toISOString()).toBe('2026-03-08T13:00:00.000Z');
    expect(morningOf('Asia/Tokyo', 2, now).toISOString()).toBe('2026-03-10T00:00:00.000Z');
  });
});

describe('openingOf', () => {
  const weekdays = { days: [1, 2, 3, 4, 5], startMinute: 9 * 60, endMinute: 17 * 60 };

  it('is the moment itself inside the hours, else the next opening', () => {
    // Wednesday 2026-03-04.
    const inside = new Date('2026-03-04T10:15:00Z');
    expect(openingOf(weekdays, 'UTC', inside)).toEqual(inside);
    expect(openingOf(weekdays, 'UTC', new Date('2026-03-04T07:00:00Z')).toISOString()).toBe(
      '2026-03-04T09:00:00.000Z',
    );
    // The end is excluded: 17:00 on Friday opens again on Monday.
    expect(openingOf(weekdays, 'UTC', new Date('2026-03-06T17:00:00Z')).toISOString()).toBe(
      '2026-03-09T09:00:00.000Z',
    );
  });

  it('reads the hours in the owner’s zone, as wall times across a DST change', () => {
    // Saturday 18:30 in New York; DST starts on Sunday the 8th; Monday 09:00 EDT is 13:00Z.
    expect(openingOf(weekdays, 'America/New_York', new Date('2026-03-07T23:30:00Z')).toISOString()).toBe(
      '2026-03-09T13:00:00.000Z',
    );
    // Every day 09:00–00:00: on the DST day itself, 09:00 local is still 09:00 (13:00Z).
    const late = { days: [1, 2, 3, 4, 5, 6, 7], startMinute: 9 * 60, endMinute: 1440 };
    expect(openingOf(late, 'America/New_York', new Date('2026-03-08T05:00:00Z')).toISOString()).toBe(
      '2026-03-08T13:00:00.000Z',
    );
    // 23:30 local is inside a window that ends at midnight.
    const beforeMidnight = new Date('2026-03-09T03:30:00Z');
    expect(openingOf(late, 'America/New_York', beforeMidnight)).toEqual(beforeMidnight);
  });
});

describe('startOfDay', () => {
  it('gives local midnight on a following day', () => {
    const now = new Date('2026-03-07T23:30:00Z');
    expect(startOfDay('UTC', 1, now).toISOString()).toBe('2026-03-08T00:00:00.000Z');
    expect(startOfDay('America/New_York', 2, now).toISOString()).toBe('2026-03-09T04:00:00.000Z');
  });
});
