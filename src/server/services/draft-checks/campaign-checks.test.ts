import { describe, expect, it } from 'vitest';
import { type ComparedDraft, duplicateFindings, lengthFindings } from './campaign-checks';

const topics = ['robot arms', 'cold storage', 'route planning', 'solar roofs', 'payroll', 'fleet tyres'];
const unique = (i: number): ComparedDraft => ({
  id: i,
  recipientEmail: `r${i}@example.com`,
  text: `Hi Name${i}, I read how your team at Company${i} handles ${topics[i % topics.length]} across ${i + 3} sites, and wondered whether the way you schedule ${topics[(i + 1) % topics.length]} could use a second pair of eyes. We helped a firm in a similar spot cut waiting times by changing one habit number ${i}.`,
  ownValues: [`Name${i}`, `Company${i}`],
});
const sameExceptName = (i: number): ComparedDraft => ({
  id: 100 + i,
  recipientEmail: `d${i}@example.com`,
  text: `Hi Person${i}, I hope this note finds you well. Our platform helps teams like yours at Firm${i} save time every week with simple automation, and I would love to show you how it works in a short call next week.`,
  ownValues: [`Person${i}`, `Firm${i}`],
});

describe('duplicateFindings', () => {
  it('flags drafts that are the same once each recipient’s values are removed, and only those', () => {
    const drafts = [...Array.from({ length: 6 }, (_, i) => unique(i)), sameExceptName(1), sameExceptName(2)];
    const found = duplicateFindings(drafts);
    expect([...found.keys()].sort()).toEqual([101, 102]);
    expect(found.get(101)?.[0]).toMatchObject({
      kind: 'duplicate',
      severity: 'medium',
      reason: 'Nearly the same as the email to d2@example.com (100 % alike once names are removed)',
    });
  });

  it('leaves texts too short to judge alone', () => {
    const short = (id: number): ComparedDraft => ({
      id,
      recipientEmail: 'x@y.z',
      text: 'Thanks, see you soon',
      ownValues: [],
    });
    expect(duplicateFindings([short(1), short(2)]).size).toBe(0);
  });
});

describe('lengthFindings', () => {
  it('flags a draft far longer or shorter than the usual one', () => {
    const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(' ');
    const drafts = [40, 42, 38, 41, 200, 10].map((n, i) => ({
      id: i,
      recipientEmail: '',
      text: words(n),
      ownValues: [],
    }));
    const found = lengthFindings(drafts);
    expect([...found.keys()]).toEqual([4, 5]);
    expect(found.get(4)?.[0]?.reason).toBe("200 words, where this campaign's emails usually have about 41");
    expect(lengthFindings(drafts.slice(0, 4)).size).toBe(0);
  });
});
