import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { mailboxes, oauthAccounts } from '../db/schema';
import type { Identity, SealedTokens } from './users';

export type ConnectOutcome =
  | { kind: 'taken' }
  | { kind: 'connected' | 'reconnected'; accountId: number; mailboxId: number; address: string };

/**
 * Saves a Google or Microsoft account the signed-in person connected as a mailbox, in one
 * transaction: refused (nothing saved) when that identity belongs to another Tailor user; fresh
 * tokens when it is already theirs (their sign-in account, or a mailbox that needs re-connecting);
 * else a new account row (never signed in with, so the person's profile is left alone) and its
 * mailbox, not the default.
 */
export async function saveConnectedAccount(
  db: Db,
  userId: number,
  identity: Identity & { provider: 'google' | 'microsoft'; email: string },
  tokens: SealedTokens,
): Promise<ConnectOutcome> {
  return db.transaction(async (tx) => {
    const [account] = await tx
      .select()
      .from(oauthAccounts)
      .where(and(eq(oauthAccounts.provider, identity.provider), eq(oauthAccounts.subject, identity.subject)))
      .for('update');
    if (account && account.userId !== userId) return { kind: 'taken' as const };
    let accountId: number;
    if (account) {
      accountId = account.id;
      await tx
        .update(oauthAccounts)
        .set({
          email: identity.email,
          accessTokenEnc: tokens.accessTokenEnc,
          accessTokenExpiresAt: tokens.accessTokenExpiresAt,
          scopes: tokens.scopes,
          // Google sends a refresh token only with fresh consent: keep the old one otherwise.
          ...(tokens.refreshTokenEnc && { refreshTokenEnc: tokens.refreshTokenEnc }),
          updatedAt: new Date(),
        })
        .where(eq(oauthAccounts.id, account.id));
    } else {
      const [inserted] = await tx
        .insert(oauthAccounts)
        .values({
          userId,
          provider: identity.provider,
          subject: identity.subject,
          email: identity.email,
          ...tokens,
        })
        .returning({ id: oauthAccounts.id });
      accountId = inserted!.id;
    }
    const [existing] = await tx
      .select({ id: mailboxes.id })
      .from(mailboxes)
      .where(eq(mailboxes.oauthAccountId, accountId));
    if (existing) {
      await tx.update(mailboxes).set({ address: identity.email }).where(eq(mailboxes.id, existing.id));
      return {
        kind: 'reconnected' as const,
        accountId,
        mailboxId: existing.id,
        address: identity.email,
      };
    }
    const [created] = await tx
      .insert(mailboxes)
      .values({ userId, kind: identity.provider, address: identity.email, oauthAccountId: accountId })
      .returning({ id: mailboxes.id });
    return { kind: 'connected' as const, accountId, mailboxId: created!.id, address: identity.email };
  });
}
