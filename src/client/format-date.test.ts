import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDay, formatFullDay, formatRelativeTime, formatTime } from './format-date';

describe('formatDay', () => {
  it('shows a YYYY-MM-DD day as month and day, whatever the time zone', () => {
    expect(formatDay('2025-07-30')).toBe('Jul 30');
    expect(formatDay('2026-01-01')).toBe('Jan 1');
  });

  it('leaves anything else as it is', () => {
    expect(formatDay('yesterday')).toBe('yesterday');
  });
});

describe('formatFullDay', () => {
  it('shows a YYYY-MM-DD day as the lists show dates, whatever the time zone', () => {
    expect(formatFullDay('2026-11-24')).toBe('Nov 24, 2026');
    expect(formatFullDay('not a day')).toBe('not a day');
  });
});

describe('formatTime', () => {
  it("shows the time of day in the browser's zone", () => {
    expect(formatTime(new Date(2026, 10, 24, 10, 42))).toBe('10:42 AM');
    expect(formatTime(new Date(2026, 10, 24, 15, 5))).toBe('3:05 PM');
    expect(formatTime(null)).toBe('');
  });
});

describe('formatRelativeTime', () => {
  const now = new Date('2025-08-01T12:00:00Z');
  const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();

  it('says how long ago, in the largest whole unit', () => {
    expect(formatRelativeTime(ago(10), now)).toBe('just now');
    expect(formatRelativeTime(ago(60), now)).toBe('1 minute ago');
    expect(formatRelativeTime(ago(5 * 60), now)).toBe('5 minutes ago');
    expect(formatRelativeTime(ago(3 * 3600), now)).toBe('3 hours ago');
    expect(formatRelativeTime(ago(2 * 86400), now)).toBe('2 days ago');
  });

  it('gives the date after a week, and "just now" for a moment slightly ahead of the clock', () => {
    expect(formatRelativeTime(ago(10 * 86400), now)).toBe(formatDateTime(ago(10 * 86400)));
    expect(formatRelativeTime(ago(-5), now)).toBe('just now');
  });

  it('is empty without a valid moment', () => {
    expect(formatRelativeTime(null, now)).toBe('');
    expect(formatRelativeTime('not a date', now)).toBe('');
  });
});
