import crypto from 'node:crypto';

const VERSION = 'v1';

/** AES-256-GCM for provider tokens at rest: `v1.<iv>.<tag>.<ciphertext>`, base64url parts. */
export type TokenCipher = {
  encrypt(plain: string): string;
  decrypt(sealed: string): string;
};

export function createTokenCipher(key: Buffer): TokenCipher {
  if (key.length !== 32) throw new Error('Token key must be 32 bytes');
  return {
    encrypt(plain) {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), data]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    decrypt(sealed) {
      const [version, iv, tag, data] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || data === undefined)
        throw new Error('Unreadable encrypted token');
      const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}
