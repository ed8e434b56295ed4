import type { z } from 'zod';
import type { ApiTokenView, CreatedApiToken, createApiTokenBody } from '../../contract/api-tokens';
import { newApiTokenSecret } from '../auth/api-token-secret';
import type { Db } from '../db/client';
import { AppError, notFound } from '../errors';
import { insertApiToken, listApiTokens, revokeApiToken } from '../queries/api-tokens';
import type { Member } from '../queries/workspaces';

type TokenRow = Awaited<ReturnType<typeof listApiTokens>>[number];

const view = (row: TokenRow): ApiTokenView => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  expiresAt: row.expiresAt?.toISOString() ?? null,
});

/** An owner sees and revokes every token of the workspace; a sender only their own. */
const onlyOwn = (member: Member) => member.role !== 'owner';

export async function apiTokensOf(db: Db, member: Member): Promise<ApiTokenView[]> {
  const rows = await listApiTokens(db, member.workspaceId, onlyOwn(member) ? member.userId : null);
  return rows.map(view);
}

/** A new token acting as `member`; the answer holds the secret, which nothing keeps. */
export async function createApiToken(
  db: Db,
  member: Member,
  body: z.output<typeof createApiTokenBody>,
  madeBy: string | null,
  now: Date,
): Promise<CreatedApiToken> {
  const expiresAt = body.expiresAt ? new Date(body.expiresAt) : null;
  if (expiresAt && expiresAt <= now) throw new AppError('bad_request', 'The expiry must be in the future');
  const { secret, hash, prefix } = newApiTokenSecret();
  const row = await insertApiToken(db, {
    workspaceId: member.workspaceId,
    userId: member.userId,
    name: body.name,
    scopes: body.scopes,
    secretHash: hash,
    prefix,
    expiresAt,
  });
  return { ...view({ ...row, madeBy }), secret };
}

export async function revokeToken(db: Db, member: Member, id: number, now: Date) {
  if (!(await revokeApiToken(db, member, id, onlyOwn(member), now))) throw notFound('API token');
}
