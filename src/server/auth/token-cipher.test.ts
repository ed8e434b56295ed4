import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTokenCipher } from './token-cipher';

describe('token cipher', () => {
  const key = crypto.randomBytes(32);

  it('round-trips and never stores the plain token', () => {
    const cipher = createTokenCipher(key);
    const sealed = cipher.encrypt('ya29.secret-access-token');
    expect(sealed).not.toContain('secret-access-token');
    expect(sealed.startsWith('v1.')).toBe(true);
    expect(cipher.decrypt(sealed)).toBe('ya29.secret-access-token');
  });

  it('uses a fresh IV each time', () => {
    const cipher = createTokenCipher(key);
    expect(cipher.encrypt('same')).not.toBe(cipher.encrypt('same'));
  });

  it('refuses tampered ciphertext and the wrong key', () => {
    const cipher = createTokenCipher(key);
    const sealed = cipher.encrypt('token');
    const parts = sealed.split('.');
    const data = Buffer.from(parts[3]!, 'base64url');
    data[0] = data[0]! ^ 1;
    parts[3] = data.toString('base64url');
    expect(() => cipher.decrypt(parts.join('.'))).toThrow();
    expect(() => createTokenCipher(crypto.randomBytes(32)).decrypt(sealed)).toThrow();
    expect(() => cipher.decrypt('garbage')).toThrow('Unreadable encrypted token');
  });
});
