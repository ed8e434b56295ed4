import { describe, expect, it } from 'vitest';
import { accountLines, avatarInitials, displayName } from './user-display';

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

describe('avatarInitials', () => {
  it('takes the initials of the name beside it, not the email', () => {
    expect(avatarInitials({ firstName: 'ada', lastName: 'Lovelace', email: 'zed@example.com' }, null)).toBe(
      'AL',
    );
    expect(avatarInitials({ firstName: 'Ada', lastName: null, email: 'zed@example.com' }, null)).toBe('A');
    // A local user's only name is the sender name from Settings.
    expect(avatarInitials({ ...nobody, email: 'you@localhost' }, 'Maya Patel')).toBe('MP');
    expect(avatarInitials({ ...nobody, email: 'you@localhost' }, 'Maya van der Berg')).toBe('MB');
    expect(avatarInitials({ ...nobody, email: 'you@localhost' }, '  Émile  ')).toBe('É');
    expect(avatarInitials({ ...nobody, email: 'you@localhost' }, '(Sales) Team')).toBe('ST');
  });

  it('falls back to the first letter of the email', () => {
    expect(avatarInitials({ ...nobody, email: 'zed@example.com' }, null)).toBe('Z');
    expect(avatarInitials({ ...nobody, firstName: '', email: 'zed@example.com' }, '  ')).toBe('Z');
  });

  it("falls back to 'U'", () => {
    expect(avatarInitials(nobody, undefined)).toBe('U');
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
