import { describe, expect, it } from 'vitest';
import { avatarLetter, displayName } from './user-display';

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
