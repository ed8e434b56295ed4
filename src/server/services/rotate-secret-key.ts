import { deriveKey } from '../auth/secret-key';
import { createTokenCipher, type TokenCipher } from '../auth/token-cipher';
import type { Db } from '../db/client';
import { lockSealedRows, replaceSealedRow, type SealedRow } from '../queries/sealed-tokens';

/** A stored value that neither key opens: nothing was changed. */
export class SecretRotationError extends Error {}

export type RotationResult = { reencrypted: number; alreadyCurrent: number };

/**
 * Re-encrypts every provider token, mailbox password, webhook secret and kept idempotent answer
 * from the old master secret to the new one, in one
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
    const changed: SealedRow[] = [];
    for (const row of await lockSealedRows(tx)) {
      const next = { ...row, values: { ...row.values } };
      for (const [column, sealed] of Object.entries(row.values)) {
        if (sealed === null) continue;
        if (opens(newCipher, sealed)) {
          result.alreadyCurrent++;
          continue;
        }
        const plain = tryDecrypt(oldCipher, sealed);
        if (plain === null) {
          unreadable.push(`${SEALED_NAMES[column] ?? column} of ${ROW_NAMES[row.table]} ${row.id}`);
          continue;
        }
        next.values[column] = newCipher.encrypt(plain);
        result.reencrypted++;
      }
      if (Object.keys(row.values).some((column) => next.values[column] !== row.values[column]))
        changed.push(next);
    }
    if (unreadable.length) {
      throw new SecretRotationError(
        `${unreadable.length} stored value(s) decrypt under neither OLD_SECRET_KEY nor SECRET_KEY ` +
          `(${unreadable.slice(0, 5).join(', ')}${unreadable.length > 5 ? ', …' : ''}). ` +
          'Check OLD_SECRET_KEY; nothing was changed.',
      );
    }
    for (const row of changed) await replaceSealedRow(tx, row);
    return result;
  });
}

/** How the refusal names each encrypted column. */
const SEALED_NAMES: Record<string, string> = {
  accessTokenEnc: 'access token',
  refreshTokenEnc: 'refresh token',
  smtpPasswordEnc: 'SMTP password',
  imapPasswordEnc: 'IMAP password',
  secretEnc: 'signing secret',
  previousSecretEnc: 'previous signing secret',
  body: 'kept answer',
};

const ROW_NAMES: Record<SealedRow['table'], string> = {
  oauth_accounts: 'account',
  mailboxes: 'mailbox',
  webhook_endpoints: 'webhook endpoint',
  idempotency_keys: 'idempotency key',
};

const opens = (cipher: TokenCipher, sealed: string) => tryDecrypt(cipher, sealed) !== null;

function tryDecrypt(cipher: TokenCipher, sealed: string): string | null {
  try {
    return cipher.decrypt(sealed);
  } catch {
    return null;
  }
}
