import { describe, expect, it } from 'vitest';
import { wrapLabel } from './chart-label';

describe('wrapLabel', () => {
  it('keeps a short name whole on one line', () => {
    expect(wrapLabel('Spring launch', 18, 3)).toEqual(['Spring launch']);
  });

  it('wraps a long name between words, and breaks a word longer than a line (issue #28)', () => {
    expect(wrapLabel('Q3 partner newsletter for resellers', 18, 3)).toEqual([
      'Q3 partner',
      'newsletter for',
      'resellers',
    ]);
    expect(wrapLabel('reportingaudience quarterly', 18, 3)).toEqual(['reportingaudience', 'quarterly']);
    expect(wrapLabel('reportingaudiencequarterlyreview', 18, 3)).toEqual([
      'reportingaudienceq',
      'uarterlyreview',
    ]);
  });

  it('ends the last line in an ellipsis only past the lines it has', () => {
    const lines = wrapLabel('one two three four five six seven eight nine ten eleven twelve', 10, 3);
    expect(lines).toHaveLength(3);
    expect(lines[2]!.endsWith('…')).toBe(true);
    expect(lines.every((line) => line.length <= 10)).toBe(true);
  });
});
