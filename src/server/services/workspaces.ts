import crypto from 'node:crypto';
import type { z } from 'zod';
import {
  type createdInvitation,
  INVITATION_DAYS,
  type invitation,
  type Member,
  type Role,
  type WorkspaceMembership,
} from '../../contract/workspaces';
import type { Db } from '../db/client';
import type { WorkspaceId } from '../db/schema';
import { AppError, notFound } from '../errors';
import {
  acceptInvitation,
  deleteInvitation,
  insertInvitation,
  listPendingInvitations,
} from '../queries/invitations';
import {
  changeMembership,
  findMembership,
  insertWorkspace,
  listMembers,
  listMemberships,
  type Member as Membership,
  type MembershipRow,
  updateWorkspace,
  type WorkspaceChange,
} from '../queries/workspaces';

const present = (row: MembershipRow): WorkspaceMembership => ({
  id: row.workspaceId,
  name: row.name,
  role: row.role,
  fourEyes: row.fourEyes,
  keepAnswerDays: row.keepAnswerDays,
});

export const workspacesOf = async (db: Db, userId: number) =>
  (await listMemberships(db, userId)).map(present);

export async function createWorkspace(db: Db, userId: number, name: string): Promise<WorkspaceMembership> {
  const id = await db.transaction((tx) => insertWorkspace(tx, userId, name));
  return present((await findMembership(db, userId, id))!);
}

/** An owner renames the workspace, turns four-eyes approval on or off, or sets the days answers are kept. */
export async function changeWorkspace(
  db: Db,
  owner: Membership,
  values: WorkspaceChange,
): Promise<WorkspaceMembership> {
  await updateWorkspace(db, owner.workspaceId, values, owner.userId);
  return present((await findMembership(db, owner.userId, owner.workspaceId))!);
}

export async function membersOf(db: Db, workspaceId: WorkspaceId): Promise<Member[]> {
  return (await listMembers(db, workspaceId)).map((row) => ({
    userId: row.userId,
    name: [row.firstName, row.lastName].filter(Boolean).join(' ') || null,
    email: row.email,
    role: row.role,
    joinedAt: row.joinedAt.toISOString(),
  }));
}

/**
 * An owner changes a member's role, or removes them (null). Removal takes effect on the member's
 * next request (the membership is read on every one) and their mailbox stops sending for the
 * workspace; what they made stays. The last owner can be neither demoted nor removed.
 */
export async function changeMember(db: Db, owner: Membership, userId: number, role: Role | null) {
  const outcome = await changeMembership(db, owner.workspaceId, userId, role, owner.userId);
  if (outcome === 'not-found') throw notFound('Member');
  if (outcome === 'last-owner')
    throw new AppError('conflict', 'A workspace needs an owner: make someone else owner first');
  if (role === null) return null;
  return (await membersOf(db, owner.workspaceId)).find((m) => m.userId === userId)!;
}

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('base64url');

/** Invites `email` as `role`; the link (shown once) is the only place the token exists. */
export async function invite(
  db: Db,
  owner: Membership,
  body: { email: string; role: Role },
  publicUrl: URL,
  now: Date,
): Promise<z.infer<typeof createdInvitation>> {
  const token = crypto.randomBytes(32).toString('base64url');
  const row = await insertInvitation(db, {
    workspaceId: owner.workspaceId,
    email: body.email,
    role: body.role,
    tokenHash: hashToken(token),
    invitedBy: owner.userId,
    expiresAt: new Date(now.getTime() + INVITATION_DAYS * 86_400_000),
  });
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    invitedBy: null,
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    link: new URL(`/invite/${token}`, publicUrl).toString(),
  };
}

export async function pendingInvitations(
  db: Db,
  workspaceId: WorkspaceId,
  now: Date,
): Promise<z.infer<typeof invitation>[]> {
  return (await listPendingInvitations(db, workspaceId, now)).map((row) => ({
    id: row.id,
    email: row.email,
    role: row.role,
    invitedBy: row.invitedByEmail,
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  }));
}

export async function revokeInvitation(db: Db, owner: Membership, id: number) {
  if (!(await deleteInvitation(db, owner.workspaceId, id, owner.userId))) throw notFound('Invitation');
}

/**
 * The signed-in person joins with an invitation link: once, before it expires, and only when they
 * signed in with the address it was sent to (any letter case).
 */
export async function joinWithInvitation(
  db: Db,
  person: { id: number; email: string | null },
  token: string,
  now: Date,
): Promise<WorkspaceMembership> {
  const row = await acceptInvitation(
    db,
    hashToken(token),
    (found) => {
      if (found.expiresAt <= now)
        throw new AppError('conflict', 'This invitation has expired: ask the workspace owner for a new one');
      if (found.email.trim().toLowerCase() !== (person.email ?? '').trim().toLowerCase())
        throw new AppError(
          'forbidden',
          `This invitation is for ${found.email}: sign in with that address to accept it`,
        );
    },
    person.id,
    now,
  );
  if (!row) throw new AppError('not_found', 'This invitation link is not valid, or it was used already');
  return present((await findMembership(db, person.id, row.workspaceId))!);
}
