import { describe, expect, it } from 'vitest';
import { automapByRules, likelyColumn } from './automap-rules';

describe('automapByRules', () => {
  it('prefers exact matches, then partial ones, then synonyms, using each column once', () => {
    const columns = [
      'E-mail Address',
      'First',
      'Organization',
      'Job Title',
      'Mobile',
      'Company Size',
      'Notes',
    ];
    expect(automapByRules(['email', 'first_name', 'company', 'job_title', 'phone', 'info'], columns)).toEqual(
      {
        email: 'E-mail Address',
        first_name: 'First',
        company: 'Company Size',
        job_title: 'Job Title',
        phone: 'Mobile',
        info: 'Notes',
      },
    );
  });

  it('gives a free-text variable such as info the notes column (issue #28)', () => {
    expect(
      automapByRules(['email', 'first_name', 'info'], ['E-mail', 'First', 'Organisation', 'Notes']),
    ).toEqual({
      email: 'E-mail',
      first_name: 'First',
      info: 'Notes',
    });
    expect(automapByRules(['notes'], ['Email', 'Comments'])).toEqual({ notes: 'Comments' });
    expect(automapByRules(['job_title', 'city', 'website'], ['Role', 'Location', 'URL'])).toEqual({
      job_title: 'Role',
      city: 'Location',
      website: 'URL',
    });
  });

  it('names the likely column of one variable among the free ones, or none', () => {
    expect(likelyColumn('info', ['Organisation', 'Notes'])).toBe('Notes');
    expect(likelyColumn('info', ['Organisation'])).toBeNull();
  });

  it('matches case-insensitively and leaves unmatched variables out', () => {
    expect(automapByRules(['email', 'company', 'info'], ['EMAIL', 'company'])).toEqual({
      email: 'EMAIL',
      company: 'company',
    });
    expect(automapByRules(['info'], ['x', 'y'])).toEqual({});
  });

  it('does not give one column to two variables', () => {
    const mapping = automapByRules(['first_name', 'last_name', 'name'], ['Name']);
    expect(Object.values(mapping)).toEqual(['Name']);
    expect(mapping.name).toBe('Name');
  });
});
