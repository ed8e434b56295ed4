import { describe, expect, it } from 'vitest';
import { quotedList, unfilledPlaceholders } from './placeholders';

describe('unfilledPlaceholders', () => {
  it('finds the default placeholders in any letter case, in list order', () => {
    expect(
      unfilledPlaceholders('You received this email because [Reason].\n[company name]\n[City], [State]'),
    ).toEqual(['[Company Name]', '[City]', '[State]', '[reason]']);
  });

  it('leaves other square brackets alone', () => {
    expect(unfilledPlaceholders('Acme [EU] Ltd\n[Unsubscribe below]\n[ZIP]')).toEqual([]);
    expect(unfilledPlaceholders(null)).toEqual([]);
    expect(unfilledPlaceholders('')).toEqual([]);
  });
});

describe('quotedList', () => {
  it('quotes one, two or more names as a sentence would', () => {
    expect(quotedList(['[reason]'])).toBe('"[reason]"');
    expect(quotedList(['[City]', '[reason]'])).toBe('"[City]" and "[reason]"');
    expect(quotedList(['[City]', '[State]', '[reason]'])).toBe('"[City]", "[State]" and "[reason]"');
  });
});
