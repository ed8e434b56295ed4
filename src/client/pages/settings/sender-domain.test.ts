import { describe, expect, it } from 'vitest';
import { senderDomain } from './sender-domain';

describe('senderDomain', () => {
  it('takes the part after the @, lower-cased', () => {
    expect(senderDomain('Ada@Example.COM')).toEqual({ ok: true, domain: 'example.com' });
    expect(senderDomain('"odd@name"@mail.example.org')).toEqual({ ok: true, domain: 'mail.example.org' });
  });

  it('needs an email', () => {
    expect(senderDomain(null)).toEqual({ ok: false, error: 'No sender email found' });
    expect(senderDomain('  ')).toEqual({ ok: false, error: 'No sender email found' });
  });

  it('rejects malformed addresses', () => {
    for (const email of [
      'ada',
      'ada@',
      '@example.com',
      'ada@exa mple.com',
      'ada@.example.com',
      'ada@example.',
    ]) {
      expect(senderDomain(email)).toEqual({ ok: false, error: 'Invalid email address' });
    }
  });
});
