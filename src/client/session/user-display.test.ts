import { describe, expect, it } from 'vitest';
import { accountLines, avatarLetter, displayName } from './user-display';

const nobody = { firstName: null, lastName: null, email: null };

describe('displayName', () => {
  it('joins first and last name when both exist', () => {
    expect(displayName({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' })).toBe(
      'Ada Lovelace',
    );
  });

  it('falls back to the email when either name is missing', () => {
    expect(displayName({ firstName: 'Ada', lastName: null, email: 'ada@example.com' })).toBe(
      'ada@example.com',
    );
    expect(displayName({ firstName: null, lastName: 'Lovelace', email: 'ada@example.com' })).toBe(
      'ada@example.com',
    );
    expect(displayName({ firstName: '  ', lastName: 'Lovelace', email: 'ada@example.com' })).toBe(
      'ada@example.com',
    );
  });

  it("says 'User' when there is no name and no email", () => {
    expect(displayName(nobody)).toBe('User');
    expect(displayName({ ...nobody, firstName: 'Ada', email: '' })).toBe('User');
  });
});

describe('avatarLetter', () => {
  it('uses the first letter of the first name', () => {
    expect(avatarLetter({ firstName: 'ada', lastName: null, email: 'zed@example.com' })).toBe('A');
  });

  it('falls back to the first letter of the email', () => {
    expect(avatarLetter({ ...nobody, email: 'zed@example.com' })).toBe('Z');
    expect(avatarLetter({ ...nobody, firstName: '', email: 'zed@example.com' })).toBe('Z');
  });

  it("falls back to 'U'", () => {
    expect(avatarLetter(nobody)).toBe('U');
  });
});

describe('accountLines', () => {
  it('puts the name from the sign-in above the email', () => {
    expect(
      accountLines({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' }, 'Sales'),
    ).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
    });
    expect(accountLines({ ...nobody, firstName: 'Ada', email: 'ada@example.com' }, null)).toEqual({
      name: 'Ada',
      email: 'ada@example.com',
    });
  });

  it('falls back to the sender name, then to the email once', () => {
    expect(accountLines({ ...nobody, email: 'you@localhost' }, ' Grace ')).toEqual({
      name: 'Grace',
      email: 'you@localhost',
    });
    expect(accountLines({ ...nobody, email: 'you@localhost' }, 'you@localhost')).toEqual({
      name: 'you@localhost',
      email: null,
    });
    expect(accountLines({ ...nobody, email: 'you@localhost' }, '')).toEqual({
      name: 'you@localhost',
      email: null,
    });
    expect(accountLines(nobody, undefined)).toEqual({ name: 'User', email: null });
  });
});
