import { describe, expect, it } from 'vitest';
import { isoFromLocalInput, localInputValue } from './local-date-time';

describe('localInputValue', () => {
  it("writes the moment to the minute in the browser's zone", () => {
    expect(localInputValue(new Date(2026, 2, 5, 9, 30, 42))).toBe('2026-03-05T09:30');
    expect(localInputValue(new Date(2026, 11, 31, 23, 5))).toBe('2026-12-31T23:05');
  });
});

describe('isoFromLocalInput', () => {
  it("reads the field in the browser's zone", () => {
    expect(isoFromLocalInput('2026-03-05T09:30')).toBe(new Date(2026, 2, 5, 9, 30).toISOString());
    expect(isoFromLocalInput('2026-03-05T09:30:15')).toBe(new Date(2026, 2, 5, 9, 30, 15).toISOString());
  });

  it('gives back what localInputValue wrote', () => {
    const moment = new Date(2026, 6, 1, 18, 45);
    expect(isoFromLocalInput(localInputValue(moment))).toBe(moment.toISOString());
  });

  it('is null for an empty or half-filled field', () => {
    expect(isoFromLocalInput('')).toBeNull();
    expect(isoFromLocalInput('2026-03-05')).toBeNull();
    expect(isoFromLocalInput('2026-13-45T99:99')).toBeNull();
  });
});
