import { and, desc, eq, isNull, lt, or } from 'drizzle-orm';
import type { ApiTokenScope } from '../../contract/api-tokens';
import type { Db } from '../db/client';
import { apiTokens, memberships, users, type WorkspaceId, workspaces } from '../db/schema';
import { recordAudit } from './audit';

export type NewApiToken = {
  workspaceId: WorkspaceId;
  userId: number;
  name: string;
  scopes: ApiTokenScope[];
  secretHash: string;
  prefix: string;
  expiresAt: Date | null;
};

/** A new token, recorded in the workspace's record (never its secret or hash). */
export async function insertApiToken(db: Db, values: NewApiToken) {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(apiTokens).values(values).returning();
    await recordAudit(tx, [
      {
        workspaceId: values.workspaceId,
        actorId: values.userId,
        action: 'api_token.created',
        subjectType: 'api_token',
        subjectId: row!.id,
        detail: { name: values.name, scopes: values.scopes, prefix: values.prefix },
      },
    ]);
    return row!;
  });
}

/** The workspace's tokens not revoked, newest first, with their maker's address; `userId`: only theirs. */
export async function listApiTokens(db: Db, workspaceId: WorkspaceId, userId: number | null) {
  return db
    .select({
      id: apiTokens.id,
      name: apiTokens.name,
      prefix: apiTokens.prefix,
      scopes: apiTokens.scopes,
      madeBy: users.email,
      createdAt: apiTokens.createdAt,
      lastUsedAt: apiTokens.lastUsedAt,
      expiresAt: apiTokens.expiresAt,
    })
    .from(apiTokens)
    .leftJoin(users, eq(users.id, apiTokens.userId))
    .where(
      and(
        eq(apiTokens.workspaceId, workspaceId),
        isNull(apiTokens.revokedAt),
        userId === null ? undefined : eq(apiTokens.userId, userId),
      ),
    )
    .orderBy(desc(apiTokens.id));
}

/** Revokes one token of the workspace (`userId`: only if theirs); false when there is none such. */
export async function revokeApiToken(
  db: Db,
  by: { workspaceId: WorkspaceId; userId: number },
  id: number,
  onlyOwn: boolean,
  now: Date,
) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(apiTokens)
      .set({ revokedAt: now })
      .where(
        and(
          eq(apiTokens.id, id),
          eq(apiTokens.workspaceId, by.workspaceId),
          isNull(apiTokens.revokedAt),
          onlyOwn ? eq(apiTokens.userId, by.userId) : undefined,
        ),
      )
      .returning({ id: apiTokens.id, name: apiTokens.name, prefix: apiTokens.prefix });
    if (!row) return false;
    await recordAudit(tx, [
      {
        workspaceId: by.workspaceId,
        actorId: by.userId,
        action: 'api_token.revoked',
        subjectType: 'api_token',
        subjectId: row.id,
        detail: { name: row.name, prefix: row.prefix },
      },
    ]);
    return true;
  });
}

/**
 * The token with this secret hash, with its maker and the maker's current membership of the
 * token's workspace (null role: no longer a member), in one query per request.
 */
export async function findApiToken(db: Db, secretHash: string) {
  const [row] = await db
    .select({
      id: apiTokens.id,
      workspaceId: apiTokens.workspaceId,
      scopes: apiTokens.scopes,
      expiresAt: apiTokens.expiresAt,
      revokedAt: apiTokens.revokedAt,
      lastUsedAt: apiTokens.lastUsedAt,
      user: users,
      role: memberships.role,
      fourEyes: workspaces.fourEyes,
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .innerJoin(workspaces, eq(workspaces.id, apiTokens.workspaceId))
    .leftJoin(
      memberships,
      and(eq(memberships.workspaceId, apiTokens.workspaceId), eq(memberships.userId, apiTokens.userId)),
    )
    .where(eq(apiTokens.secretHash, secretHash));
  return row ?? null;
}

/** Sets last_used_at unless another process did so since `notBefore`: at most one write a minute. */
export async function touchApiToken(db: Db, id: number, now: Date, notBefore: Date) {
  await db
    .update(apiTokens)
    .set({ lastUsedAt: now })
    .where(and(eq(apiTokens.id, id), or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, notBefore))));
}
