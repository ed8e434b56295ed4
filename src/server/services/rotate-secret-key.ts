import { deriveKey } from '../auth/secret-key';
import { createTokenCipher, type TokenCipher } from '../auth/token-cipher';
import type { Db } from '../db/client';
import { lockSealedTokens, replaceSealedTokens, type SealedTokenRow } from '../queries/sealed-tokens';

/** A stored value that neither key opens: nothing was changed. */
export class SecretRotationError extends Error {}

export type RotationResult = { reencrypted: number; alreadyCurrent: number };

const COLUMNS = ['accessTokenEnc', 'refreshTokenEnc'] as const;

/**
 * Re-encrypts every provider token from the old master secret to the new one, in one
 * transaction: all or nothing. A value the new key already opens is left alone, so running it
 * twice (or after an interrupted run) is harmless. If any value opens under neither key the
 * whole rotation is refused, because re-encrypting the rest would hide a wrong OLD_SECRET_KEY.
 */
export async function rotateSecretKey(
  db: Db,
  secrets: { oldSecret: Buffer; newSecret: Buffer },
): Promise<RotationResult> {
  const oldCipher = createTokenCipher(deriveKey(secrets.oldSecret, 'tokens'));
  const newCipher = createTokenCipher(deriveKey(secrets.newSecret, 'tokens'));
  return db.transaction(async (tx) => {
    const result: RotationResult = { reencrypted: 0, alreadyCurrent: 0 };
    const unreadable: string[] = [];
    const changed: SealedTokenRow[] = [];
    for (const row of await lockSealedTokens(tx)) {
      const next = { ...row };
      for (const column of COLUMNS) {
        const sealed = row[column];
        if (sealed === null) continue;
        if (opens(newCipher, sealed)) {
          result.alreadyCurrent++;
          continue;
        }
        const plain = tryDecrypt(oldCipher, sealed);
        if (plain === null) {
          unreadable.push(`${column === 'accessTokenEnc' ? 'access' : 'refresh'} token of account ${row.id}`);
          continue;
        }
        next[column] = newCipher.encrypt(plain);
        result.reencrypted++;
      }
      if (next.accessTokenEnc !== row.accessTokenEnc || next.refreshTokenEnc !== row.refreshTokenEnc)
        changed.push(next);
    }
    if (unreadable.length) {
      throw new SecretRotationError(
        `${unreadable.length} stored value(s) decrypt under neither OLD_SECRET_KEY nor SECRET_KEY ` +
          `(${unreadable.slice(0, 5).join(', ')}${unreadable.length > 5 ? ', …' : ''}). ` +
          'Check OLD_SECRET_KEY; nothing was changed.',
      );
    }
    for (const row of changed) await replaceSealedTokens(tx, row);
    return result;
  });
}

const opens = (cipher: TokenCipher, sealed: string) => tryDecrypt(cipher, sealed) !== null;

function tryDecrypt(cipher: TokenCipher, sealed: string): string | null {
  try {
    return cipher.decrypt(sealed);
  } catch {
    return null;
  }
}
