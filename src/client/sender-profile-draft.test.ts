import { describe, expect, it } from 'vitest';
import { firstProfileProblem, profileDraftOf, profileInputOf, profileProblems } from './sender-profile-draft';

describe('the sender profile form', () => {
  it('sends what was typed, trimmed, without blank rows or blank fields', () => {
    const draft = {
      ...profileDraftOf(null),
      title: '  CEO ',
      offer: ' ',
      proofPoints: ['Trusted by 12,000 teams ', '  ', 'Red Dot award'],
      neverClaim: [''],
    };
    expect(profileInputOf(draft)).toEqual({
      title: 'CEO',
      website: null,
      whatWeDo: null,
      offer: null,
      proofPoints: ['Trusted by 12,000 teams', 'Red Dot award'],
      neverClaim: [],
    });
  });

  it('says what the server would refuse, by field and by row, in the server’s words', () => {
    const draft = {
      ...profileDraftOf(null),
      website: 'acme.com',
      proofPoints: ['', 'ok', 'two\u2028lines'],
    };
    const problems = profileProblems(draft);
    expect(problems.website).toBe(
      'Website must be a web address starting with https:// or http://, such as https://acme.com',
    );
    // A blank row is no problem (it is dropped); the third row is.
    expect(problems.proofPoints).toEqual([
      null,
      null,
      'Proof point 3 must be one line: remove line breaks and other control characters',
    ]);
    expect(firstProfileProblem(draft)).toBe(problems.website);
    expect(firstProfileProblem({ ...draft, website: 'https://acme.com' })).toBe(problems.proofPoints[2]);
    expect(firstProfileProblem(profileDraftOf(null))).toBeNull();
  });
});
