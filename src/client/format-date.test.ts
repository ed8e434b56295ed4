import { describe, expect, it } from 'vitest';
import { formatDay } from './format-date';

describe('formatDay', () => {
  it('shows a YYYY-MM-DD day as month and day, whatever the time zone', () => {
    expect(formatDay('2025-07-30')).toBe('Jul 30');
    expect(formatDay('2026-01-01')).toBe('Jan 1');
  });

  it('leaves anything else as it is', () => {
    expect(formatDay('yesterday')).toBe('yesterday');
  });
});
