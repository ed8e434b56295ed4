import { describe, expect, it } from 'vitest';
import { isEmptySenderProfile, senderProfileInput, senderProfileOf, websiteError } from './sender-profile';

const issuesOf = (input: unknown) =>
  senderProfileInput.safeParse(input).error?.issues.map((i) => ({ path: i.path, message: i.message })) ?? [];

describe('sender profile input', () => {
  it('keeps a full profile, trimmed, with its lists in order', () => {
    const parsed = senderProfileInput.parse({
      title: ' Head of Partnerships ',
      website: 'https://acme.example/about',
      whatWeDo: 'Route planning for small fleets.\nBuilt in Leeds.',
      offer: 'A free 30-day pilot',
      proofPoints: [' Trusted by 12,000 teams ', 'Red Dot award 2023'],
      neverClaim: ['SOC 2 certified'],
    });
    expect(senderProfileOf(parsed)).toEqual({
      title: 'Head of Partnerships',
      website: 'https://acme.example/about',
      whatWeDo: 'Route planning for small fleets.\nBuilt in Leeds.',
      offer: 'A free 30-day pilot',
      proofPoints: ['Trusted by 12,000 teams', 'Red Dot award 2023'],
      neverClaim: ['SOC 2 certified'],
    });
  });

  it('reads blanks, nulls and missing fields as nothing said', () => {
    const profile = senderProfileOf(senderProfileInput.parse({ title: '  ', website: '', offer: null }));
    expect(isEmptySenderProfile(profile)).toBe(true);
    expect(isEmptySenderProfile({ ...profile, neverClaim: ['x'] })).toBe(false);
  });

  it('refuses a website that is no web address, saying what one looks like', () => {
    for (const website of [
      'acme.com',
      'ftp://acme.com',
      'https://localhost',
      'javascript:alert(1)',
      'https://a b.com',
    ])
      expect(issuesOf({ website }), website).toEqual([
        {
          path: ['website'],
          message:
            'Website must be a web address starting with https:// or http://, such as https://acme.com',
        },
      ]);
    expect(websiteError('http://acme.co.uk/x?y=1')).toBeNull();
    expect(issuesOf({ website: `https://acme.com/${'a'.repeat(500)}` })[0]?.message).toBe(
      'Website: at most 500 characters',
    );
  });

  it('refuses more than 20 proof points, and names each entry that is empty, too long or on two lines', () => {
    expect(issuesOf({ proofPoints: Array.from({ length: 21 }, (_, i) => `Fact ${i}`) })).toEqual([
      { path: ['proofPoints'], message: 'Proof Points: at most 20 entries (this list has 21)' },
    ]);
    expect(issuesOf({ proofPoints: ['ok', '  ', 'x'.repeat(301), 'two\nlines'] })).toEqual([
      { path: ['proofPoints', 1], message: 'Proof point 2 is empty: write it or remove it' },
      { path: ['proofPoints', 2], message: 'Proof point 3 has 301 characters: at most 300' },
      {
        path: ['proofPoints', 3],
        message: 'Proof point 4 must be one line: remove line breaks and other control characters',
      },
    ]);
    expect(issuesOf({ neverClaim: ['', 'fine'] })).toEqual([
      { path: ['neverClaim', 0], message: 'Never-claim entry 1 is empty: write it or remove it' },
    ]);
    // 20 entries of 300 characters are the most, and are kept.
    expect(issuesOf({ proofPoints: Array.from({ length: 20 }, () => 'x'.repeat(300)) })).toEqual([]);
  });

  it('bounds the paragraphs and keeps the title to one line', () => {
    expect(issuesOf({ offer: 'x'.repeat(1001) })).toEqual([
      { path: ['offer'], message: 'Your Offer: at most 1,000 characters' },
    ]);
    expect(issuesOf({ title: 'CEO\r\nBcc: x@example.com' })).toEqual([
      {
        path: ['title'],
        message: 'Your Title must be one line: remove line breaks and other control characters',
      },
    ]);
    expect(issuesOf({ whatWeDo: 'x'.repeat(1000) })).toEqual([]);
  });

  it('refuses a field it does not know, so a misspelt one is not lost in silence', () => {
    expect(issuesOf({ proofpoints: ['x'] })[0]?.message).toMatch(/proofpoints/);
  });
});
