import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { oauthAccounts, users } from '../db/schema';
import { ensureSignInMailbox } from './mailboxes';
import { insertWorkspace, personalWorkspaceName } from './workspaces';

export type Provider = 'google' | 'microsoft' | 'local';

export type Identity = {
  provider: Provider;
  subject: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
};

export type SealedTokens = {
  accessTokenEnc: string | null;
  refreshTokenEnc: string | null;
  accessTokenExpiresAt: Date | null;
  scopes: string | null;
};

/**
 * Finds the user behind a provider identity (or creates one) and refreshes their profile.
 * A refresh token is only replaced when the provider sent a new one: Google sends it once.
 */
export async function upsertUserFromIdentity(db: Db, identity: Identity, tokens: SealedTokens | null) {
  return db.transaction(async (tx) => {
    const [account] = await tx
      .select()
      .from(oauthAccounts)
      .where(and(eq(oauthAccounts.provider, identity.provider), eq(oauthAccounts.subject, identity.subject)))
      .for('update');
    const profile = {
      email: identity.email,
      firstName: identity.firstName,
      lastName: identity.lastName,
      profileImageUrl: identity.profileImageUrl,
      updatedAt: new Date(),
    };
    let userId: number;
    if (account) {
      userId = account.userId;
      await tx.update(users).set(profile).where(eq(users.id, userId));
      await tx
        .update(oauthAccounts)
        .set({
          email: identity.email,
          updatedAt: new Date(),
          ...(tokens && {
            accessTokenEnc: tokens.accessTokenEnc,
            accessTokenExpiresAt: tokens.accessTokenExpiresAt,
            scopes: tokens.scopes,
            ...(tokens.refreshTokenEnc && { refreshTokenEnc: tokens.refreshTokenEnc }),
          }),
        })
        .where(eq(oauthAccounts.id, account.id));
    } else {
      const [created] = await tx.insert(users).values(profile).returning({ id: users.id });
      userId = created!.id;
      // Everyone starts with a workspace of their own; invitations add them to others.
      await insertWorkspace(tx, userId, personalWorkspaceName(identity));
      await tx.insert(oauthAccounts).values({
        userId,
        provider: identity.provider,
        subject: identity.subject,
        email: identity.email,
        ...tokens,
      });
    }
    await ensureSignInMailbox(tx, userId, identity.provider);
    const [user] = await tx.select().from(users).where(eq(users.id, userId));
    return user!;
  });
}

export async function findUser(db: Db, userId: number) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  return user ?? null;
}

export async function acceptTerms(db: Db, userId: number) {
  const [user] = await db
    .update(users)
    .set({ termsAcceptedAt: sql`coalesce(${users.termsAcceptedAt}, now())`, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning({ termsAcceptedAt: users.termsAcceptedAt });
  return user?.termsAcceptedAt ?? null;
}

/**
 * Stores the zone only if the database knows it too: the analytics triggers date sends and opens
 * with `AT TIME ZONE`, and a zone only the browser knows would make them fail. Returns whether
 * it was stored.
 */
export async function setTimeZone(db: Db, userId: number, timeZone: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ timeZone, updatedAt: new Date() })
    .where(
      and(eq(users.id, userId), sql`exists (select 1 from pg_timezone_names where name = ${timeZone}::text)`),
    )
    .returning({ id: users.id });
  return rows.length > 0;
}

export async function findOauthAccount(db: Db, userId: number, provider: Provider) {
  const [account] = await db
    .select()
    .from(oauthAccounts)
    .where(and(eq(oauthAccounts.userId, userId), eq(oauthAccounts.provider, provider)));
  return account ?? null;
}

export async function saveAccountTokens(db: Db, accountId: number, tokens: SealedTokens) {
  await db
    .update(oauthAccounts)
    .set({
      accessTokenEnc: tokens.accessTokenEnc,
      accessTokenExpiresAt: tokens.accessTokenExpiresAt,
      ...(tokens.scopes && { scopes: tokens.scopes }),
      ...(tokens.refreshTokenEnc && { refreshTokenEnc: tokens.refreshTokenEnc }),
      updatedAt: new Date(),
    })
    .where(eq(oauthAccounts.id, accountId));
}

/** The first person who signed in to this deployment (the lowest user id); null before anyone did. */
export async function firstUserId(db: Db): Promise<number | null> {
  const [row] = await db.select({ id: users.id }).from(users).orderBy(users.id).limit(1);
  return row?.id ?? null;
}
