import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Role } from '../../contract/workspaces';
import type { Db } from '../db/client';
import { invitations, memberships, users, type WorkspaceId } from '../db/schema';
import { recordAudit } from './audit';

/**
 * A new invitation for `email`, replacing a pending one to the same address (its old link stops
 * working): one pending link per person and workspace.
 */
export async function insertInvitation(
  db: Db,
  values: {
    workspaceId: WorkspaceId;
    email: string;
    role: Role;
    tokenHash: string;
    invitedBy: number;
    expiresAt: Date;
  },
) {
  return db.transaction(async (tx) => {
    await tx
      .delete(invitations)
      .where(
        and(
          eq(invitations.workspaceId, values.workspaceId),
          sql`lower(${invitations.email}) = lower(${values.email})`,
          isNull(invitations.acceptedAt),
        ),
      );
    const [row] = await tx.insert(invitations).values(values).returning();
    await recordAudit(tx, [
      {
        workspaceId: values.workspaceId,
        actorId: values.invitedBy,
        action: 'invitation.created',
        subjectType: 'invitation',
        subjectId: row!.id,
        detail: { email: values.email, role: values.role },
      },
    ]);
    return row!;
  });
}

/** Invitations of the workspace not yet accepted and not expired, newest first, with who sent each. */
export async function listPendingInvitations(db: Db, workspaceId: WorkspaceId, now: Date) {
  return db
    .select({
      id: invitations.id,
      email: invitations.email,
      role: invitations.role,
      expiresAt: invitations.expiresAt,
      createdAt: invitations.createdAt,
      invitedByEmail: users.email,
    })
    .from(invitations)
    .leftJoin(users, eq(users.id, invitations.invitedBy))
    .where(
      and(
        eq(invitations.workspaceId, workspaceId),
        isNull(invitations.acceptedAt),
        gt(invitations.expiresAt, now),
      ),
    )
    .orderBy(desc(invitations.createdAt), desc(invitations.id));
}

/** Removes a pending invitation of the workspace; false when there was none. */
export async function deleteInvitation(db: Db, workspaceId: WorkspaceId, id: number, actorId: number) {
  return db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(invitations)
      .where(
        and(eq(invitations.workspaceId, workspaceId), eq(invitations.id, id), isNull(invitations.acceptedAt)),
      )
      .returning({ email: invitations.email, role: invitations.role });
    if (!deleted) return false;
    await recordAudit(tx, [
      {
        workspaceId,
        actorId,
        action: 'invitation.revoked',
        subjectType: 'invitation',
        subjectId: id,
        detail: deleted,
      },
    ]);
    return true;
  });
}

export type InvitationRow = typeof invitations.$inferSelect;

/**
 * Uses an invitation: in one transaction the link is marked used (only if it still was unused, so a
 * link works once even when opened twice at the same moment) and the person becomes a member with
 * its role (someone already a member keeps their current role).
 * Returns the invitation as it was, or null when the token names none, or it is used already.
 */
export async function acceptInvitation(
  db: Db,
  tokenHash: string,
  accept: (row: InvitationRow) => void,
  userId: number,
  now: Date,
): Promise<InvitationRow | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(invitations)
      .where(and(eq(invitations.tokenHash, tokenHash), isNull(invitations.acceptedAt)))
      .for('update');
    if (!row) return null;
    // Throws when this person may not use it (expired, another address): nothing is written.
    accept(row);
    await tx
      .update(invitations)
      .set({ acceptedAt: now, acceptedBy: userId })
      .where(eq(invitations.id, row.id));
    await tx
      .insert(memberships)
      .values({ workspaceId: row.workspaceId, userId, role: row.role })
      .onConflictDoNothing();
    await recordAudit(tx, [
      {
        workspaceId: row.workspaceId,
        actorId: userId,
        action: 'invitation.accepted',
        subjectType: 'invitation',
        subjectId: row.id,
        detail: { email: row.email, role: row.role },
      },
    ]);
    return row;
  });
}
