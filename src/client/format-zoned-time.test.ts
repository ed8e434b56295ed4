import { describe, expect, it } from 'vitest';
import { formatZonedDateTime } from './format-zoned-time';

describe('formatZonedDateTime', () => {
  it('shows the date and time with the zone they are in', () => {
    const at = '2026-11-26T09:00:00.000Z';
    expect(formatZonedDateTime(at, 'Europe/Berlin')).toBe('Nov 26, 2026, 10:00 AM GMT+1');
    expect(formatZonedDateTime(at, 'America/New_York')).toBe('Nov 26, 2026, 4:00 AM EST');
    expect(formatZonedDateTime(at, 'UTC')).toBe('Nov 26, 2026, 9:00 AM UTC');
  });

  it("defaults to the browser's zone", () => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(formatZonedDateTime('2026-11-26T09:00:00.000Z')).toBe(
      formatZonedDateTime('2026-11-26T09:00:00.000Z', zone),
    );
  });

  it('shows nothing for no time or an invalid one', () => {
    expect(formatZonedDateTime(null)).toBe('');
    expect(formatZonedDateTime('not a time')).toBe('');
  });
});
