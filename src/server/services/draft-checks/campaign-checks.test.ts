import { describe, expect, it } from 'vitest';
import { type ComparedDraft, duplicateFindings, lengthFindings } from './campaign-checks';

/** Drafts written separately: each says something of its own, in its own words. */
const OPENINGS = [
  'I read how your team handles robot arms across three sites and wondered about the night shift.',
  'Your talk on cold storage last spring stayed with me, especially the part about door seals.',
  'Route planning for a fleet your size usually breaks at the edges of the map, not the middle.',
  'Solar roofs on warehouses pay back faster than most finance teams expect, in our experience.',
  'Payroll runs that need three people and a spreadsheet are more common than anyone admits.',
  'Fleet tyres are the cost nobody budgets for until a winter like the last one arrives.',
];
const CLOSINGS = [
  'Would a short call on Tuesday help?',
  'Happy to send two pages on how others approached it.',
  'If it is useful, I can share the checklist we use.',
  'Shall I put fifteen minutes in your calendar next week?',
  'A reply with a good time is all it takes.',
  'I would value your view, even if the answer is no.',
];
const unique = (i: number): ComparedDraft => ({
  id: i,
  recipientEmail: `r${i}@example.com`,
  text: `Hi Name${i}, ${OPENINGS[i]} At Company${i} the question is probably ${['scale', 'cost', 'time', 'risk', 'people', 'weather'][i]}. ${CLOSINGS[i]}`,
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

  it('flags the same email with three words changed in about eighty', () => {
    const letter = (i: number, [adjective, size, when]: string[]): ComparedDraft => ({
      id: 200 + i,
      recipientEmail: `e${i}@example.com`,
      text: `Hi Reader${i}, I hope this note finds you well. Our platform helps teams like yours at Shop${i} save time every week with ${adjective} automation, and I would love to show you how it works in a ${size} call next week. Most of our customers start with the invoices that arrive by post, because those take the longest to enter by hand. After a month they usually move the supplier statements over as well, and by ${when} the team has stopped thinking about it at all.`,
      ownValues: [`Reader${i}`, `Shop${i}`],
    });
    const found = duplicateFindings([
      letter(1, ['simple', 'short', 'then']),
      letter(2, ['plain', 'brief', 'now']),
    ]);
    expect([...found.keys()].sort()).toEqual([201, 202]);
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
