import { describe, expect, it } from 'vitest';
import { formatOpenedRate } from './format-opened-rate';

describe('formatOpenedRate', () => {
  it('shows one decimal and a percent sign', () => {
    expect(formatOpenedRate(0)).toBe('0.0%');
    expect(formatOpenedRate(42)).toBe('42.0%');
    expect(formatOpenedRate(33.333)).toBe('33.3%');
    expect(formatOpenedRate(66.66)).toBe('66.7%');
    expect(formatOpenedRate(100)).toBe('100.0%');
  });

  it('treats a missing or invalid rate as 0', () => {
    expect(formatOpenedRate(null)).toBe('0.0%');
    expect(formatOpenedRate(undefined)).toBe('0.0%');
    expect(formatOpenedRate(Number.NaN)).toBe('0.0%');
  });
});
