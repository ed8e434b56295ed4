import { describe, expect, it } from 'vitest';
import { columnIndexes, recipientRowOf } from './recipient-import';

describe('columnIndexes', () => {
  it('finds the mapped columns, and -1 for the optional ones not mapped', () => {
    expect(columnIndexes(['E-mail', 'Org', 'Role'], { email: 'E-mail', company: 'Org' })).toEqual({
      email: 0,
      company: 1,
      jobTitle: -1,
      timeZone: -1,
    });
    // The time zone column is found by its header, however it is written.
    for (const name of ['timezone', 'Time Zone', 'TIME_ZONE', ' time-zone '])
      expect(columnIndexes(['E-mail', name], { email: 'E-mail' }).timeZone).toBe(1);
  });

  it('names a mapped column the file lacks', () => {
    expect(() => columnIndexes(['E-mail'], { email: 'E-mail', job_title: 'Title' })).toThrow(
      'The column "Title" mapped to job_title is not in this file',
    );
  });
});

describe('recipientRowOf', () => {
  const header = ['E-mail', 'Org', 'Notes'];
  const columns = columnIndexes(header, { email: 'E-mail', company: 'Org' });

  it('makes a recipient with the mapped fields and the whole row as data', () => {
    expect(recipientRowOf([' ann@x.io ', ' Globex ', 'likes tea', 'extra'], header, columns, 7)).toEqual({
      row: {
        email: 'ann@x.io',
        company: 'Globex',
        jobTitle: null,
        data: JSON.stringify({ 'E-mail': ' ann@x.io ', Org: ' Globex ', Notes: 'likes tea' }),
        rowNumber: 7,
        timeZone: null,
      },
    });
  });

  it('skips a row without an email, or with one that is not an address', () => {
    expect(recipientRowOf(['', 'Globex', ''], header, columns, 2)).toEqual({
      skip: { email: '', reason: 'Missing email' },
    });
    for (const bad of ['ann', 'ann@x', 'a b@x.io', `${'a'.repeat(250)}@x.io`])
      expect(recipientRowOf([bad, '', ''], header, columns, 3)).toMatchObject({
        skip: { reason: 'Invalid email address' },
      });
  });
});
