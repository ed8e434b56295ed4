import crypto from 'node:crypto';
import { API_TOKEN_PREFIX } from '../../contract/api-tokens';

/** `tlr_` and 32 random bytes in base64url: 256 bits, so the hash alone identifies a token. */
const WELL_FORMED = new RegExp(`^${API_TOKEN_PREFIX}[A-Za-z0-9_-]{43}$`);

/** How many characters of a secret lists show (`tlr_` and 8 more): enough to tell tokens apart. */
const VISIBLE = API_TOKEN_PREFIX.length + 8;

export function newApiTokenSecret() {
  const secret = `${API_TOKEN_PREFIX}${crypto.randomBytes(32).toString('base64url')}`;
  return { secret, hash: hashApiTokenSecret(secret), prefix: secret.slice(0, VISIBLE) };
}

/** What the table keeps instead of the secret. */
export const hashApiTokenSecret = (secret: string) =>
  crypto.createHash('sha256').update(secret).digest('base64url');

export const isWellFormedApiToken = (secret: string) => WELL_FORMED.test(secret);

/**
 * The token of an `Authorization: Bearer …` header: null when the request carries none (a browser
 * call, answered as before), '' when the header says Bearer but holds no token.
 */
export function bearerOf(headers: { authorization?: string | undefined }): string | null {
  const match = /^bearer(?:\s+(.*))?$/i.exec(headers.authorization?.trim() ?? '');
  return match ? (match[1] ?? '').trim() : null;
}
