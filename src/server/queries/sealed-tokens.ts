import { asc, eq, isNotNull, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import { oauthAccounts } from '../db/schema';

/** The encrypted columns of one sign-in account (the only data encrypted with SECRET_KEY). */
export type SealedTokenRow = { id: number; accessTokenEnc: string | null; refreshTokenEnc: string | null };

/** Every account holding an encrypted token, locked until the transaction ends (no refresh slips in). */
export async function lockSealedTokens(db: Db): Promise<SealedTokenRow[]> {
  return db
    .select({
      id: oauthAccounts.id,
      accessTokenEnc: oauthAccounts.accessTokenEnc,
      refreshTokenEnc: oauthAccounts.refreshTokenEnc,
    })
    .from(oauthAccounts)
    .where(or(isNotNull(oauthAccounts.accessTokenEnc), isNotNull(oauthAccounts.refreshTokenEnc)))
    .orderBy(asc(oauthAccounts.id))
    .for('update');
}

/** Stores re-encrypted tokens; expiry and scopes are untouched because the tokens themselves are. */
export async function replaceSealedTokens(db: Db, row: SealedTokenRow) {
  await db
    .update(oauthAccounts)
    .set({ accessTokenEnc: row.accessTokenEnc, refreshTokenEnc: row.refreshTokenEnc })
    .where(eq(oauthAccounts.id, row.id));
}
