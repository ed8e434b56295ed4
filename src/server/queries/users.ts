import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { mailboxes, oauthAccounts, users } from '../db/schema';
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

/** Finds the user behind a provider identity (or creates one): see signInIdentity. */
export async function upsertUserFromIdentity(db: Db, identity: Identity, tokens: SealedTokens | null) {
  return (await signInIdentity(db, identity, tokens)).user;
}

/**
 * A sign-in: finds the user behind a provider identity (or creates one), refreshes their profile
 * and marks the account as one they sign in with. A refresh token is only replaced when the
 * provider sent a new one: Google sends it once. Returns the user and the account's id.
 */
export async function signInIdentity(db: Db, identity: Identity, tokens: SealedTokens | null) {
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
    let accountId: number;
    if (account) {
      userId = account.userId;
      accountId = account.id;
      await tx.update(users).set(profile).where(eq(users.id, userId));
      await tx
        .update(oauthAccounts)
        .set({
          email: identity.email,
          signedInAt: new Date(),
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
      const [inserted] = await tx
        .insert(oauthAccounts)
        .values({
          userId,
          provider: identity.provider,
          subject: identity.subject,
          email: identity.email,
          signedInAt: new Date(),
          ...tokens,
        })
        .returning({ id: oauthAccounts.id });
      accountId = inserted!.id;
    }
    await ensureSignInMailbox(tx, userId, identity.provider, accountId);
    await keepMailboxAddresses(tx, userId, accountId, identity.email);
    const [user] = await tx.select().from(users).where(eq(users.id, userId));
    return { user: user!, accountId };
  });
}

/**
 * Each Google or Microsoft mailbox carries its own account's address, since the profile's address
 * is only the latest sign-in's once a person has two accounts: the signed-in account's mailbox
 * takes the address just signed in with, and one still without (made before connecting existed)
 * takes its account's, before the profile changes under it.
 */
async function keepMailboxAddresses(tx: Db, userId: number, accountId: number, email: string | null) {
  await tx.execute(sql`
    update ${mailboxes} m
       set address = case when m.oauth_account_id = ${accountId} then coalesce(${email}::text, m.address, a.email)
                          else coalesce(m.address, a.email) end
      from ${oauthAccounts} a
     where a.id = m.oauth_account_id and m.user_id = ${userId} and a.provider <> 'local'`);
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

export async function findOauthAccount(db: Db, accountId: number) {
  const [account] = await db.select().from(oauthAccounts).where(eq(oauthAccounts.id, accountId));
  return account ?? null;
}

/** The person's Google and Microsoft accounts whose tokens a mailbox sends with. */
export async function mailboxAccountsOf(db: Db, userId: number) {
  return db
    .select({ account: oauthAccounts, mailboxId: mailboxes.id })
    .from(oauthAccounts)
    .innerJoin(mailboxes, eq(mailboxes.oauthAccountId, oauthAccounts.id))
    .where(eq(oauthAccounts.userId, userId));
}

/** Forgets an account's tokens; its mailbox goes with it (the foreign key cascades). */
export async function deleteOauthAccount(db: Db, accountId: number) {
  await db.delete(oauthAccounts).where(eq(oauthAccounts.id, accountId));
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

/** How the user last signed in: what an API token's call of /api/auth/user names as its provider. */
export async function lastSignInProvider(db: Db, userId: number): Promise<Provider> {
  const [row] = await db
    .select({ provider: oauthAccounts.provider })
    .from(oauthAccounts)
    .where(and(eq(oauthAccounts.userId, userId), sql`${oauthAccounts.signedInAt} is not null`))
    .orderBy(sql`${oauthAccounts.signedInAt} desc`)
    .limit(1);
  return row?.provider ?? 'local';
}
