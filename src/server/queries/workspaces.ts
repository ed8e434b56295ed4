import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { type Role, roleAllows } from '../../contract/workspaces';
import { type Db, selectRows } from '../db/client';
import { preparedQuery } from '../db/prepared';
import { emails, memberships, users, type WorkspaceId, workspaces } from '../db/schema';
import { recordAudit } from './audit';
import { refreshSendStatus } from './campaign-send-status';

/** The signed-in person as a member of the workspace a request works in. */
export type Member = {
  userId: number;
  workspaceId: WorkspaceId;
  role: Role;
  /** The workspace asks for a second person's approval of every email. */
  fourEyes: boolean;
};

export type WorkspaceChange = { name?: string; fourEyes?: boolean; keepAnswerDays?: number };

/** Who makes a row (a template, a campaign): the workspace it belongs to and the member making it. */
export type Maker = Pick<Member, 'workspaceId' | 'userId'>;

export type MembershipRow = {
  workspaceId: WorkspaceId;
  role: Role;
  fourEyes: boolean;
  keepAnswerDays: number;
  name: string;
};

const membershipColumns = {
  workspaceId: memberships.workspaceId,
  role: memberships.role,
  fourEyes: workspaces.fourEyes,
  keepAnswerDays: workspaces.keepAnswerDays,
  name: workspaces.name,
};

const namedMembership = preparedQuery((db) =>
  db
    .select(membershipColumns)
    .from(memberships)
    .innerJoin(workspaces, eq(workspaces.id, memberships.workspaceId))
    .where(
      and(
        eq(memberships.userId, sql.placeholder('userId')),
        eq(memberships.workspaceId, sql.placeholder('workspaceId')),
      ),
    )
    .prepare('find_membership'),
);

/** The user's membership of one workspace; null when they are not (or no longer) a member. */
export async function findMembership(db: Db, userId: number, workspaceId: number) {
  const [row] = await namedMembership(db).execute({ userId, workspaceId });
  return (row as MembershipRow | undefined) ?? null;
}

/** Every workspace the user belongs to, the one they joined first (their personal one) first. */
export async function listMemberships(db: Db, userId: number): Promise<MembershipRow[]> {
  return db
    .select(membershipColumns)
    .from(memberships)
    .innerJoin(workspaces, eq(workspaces.id, memberships.workspaceId))
    .where(eq(memberships.userId, userId))
    .orderBy(asc(memberships.createdAt), asc(memberships.workspaceId));
}

/** A new workspace with `userId` as its owner, in the caller's transaction. */
export async function insertWorkspace(db: Db, userId: number, name: string): Promise<WorkspaceId> {
  const [created] = await db.insert(workspaces).values({ name }).returning({ id: workspaces.id });
  await db.insert(memberships).values({ workspaceId: created!.id, userId, role: 'owner' });
  await recordAudit(db, [
    { workspaceId: created!.id, actorId: userId, action: 'workspace.created', detail: { name } },
  ]);
  return created!.id;
}

/** The workspaces in which the user sends (as sender or owner): where their mailbox's mail belongs. */
export async function sendingWorkspacesOf(db: Db, userId: number): Promise<WorkspaceId[]> {
  const rows = await db
    .select({ workspaceId: memberships.workspaceId })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), inArray(memberships.role, ['sender', 'owner'])))
    .orderBy(asc(memberships.workspaceId));
  return rows.map((row) => row.workspaceId);
}

/** A new person's own workspace, named after them as the migration named existing people's. */
export function personalWorkspaceName(person: { firstName: string | null }) {
  const first = person.firstName?.trim();
  return first ? `${first}'s workspace` : 'My workspace';
}

/** The workspace's members, owners first, then by when they joined. */
export async function listMembers(db: Db, workspaceId: WorkspaceId) {
  return db
    .select({
      userId: memberships.userId,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      role: memberships.role,
      joinedAt: memberships.createdAt,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.workspaceId, workspaceId))
    .orderBy(sql`${memberships.role} = 'owner' desc`, asc(memberships.createdAt), asc(memberships.userId));
}

/**
 * Changes a member's role, or removes them (role null), unless that would leave the workspace
 * without an owner: the check and the change are one statement, so two owners demoting each other
 * at once cannot both succeed. Returns 'done', 'not-found' or 'last-owner'.
 */
export async function changeMembership(
  db: Db,
  workspaceId: WorkspaceId,
  userId: number,
  role: Role | null,
  actorId: number,
): Promise<'done' | 'not-found' | 'last-owner'> {
  return db.transaction(async (tx) => {
    // Every owner row of the workspace is locked first: the count below stays true until commit.
    const owners = await tx
      .select({ userId: memberships.userId })
      .from(memberships)
      .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.role, 'owner')))
      .for('update');
    const [current] = await tx
      .select({ role: memberships.role })
      .from(memberships)
      .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.userId, userId)))
      .for('update');
    if (!current) return 'not-found';
    if (current.role === 'owner' && role !== 'owner' && owners.length <= 1) return 'last-owner';
    const which = and(eq(memberships.workspaceId, workspaceId), eq(memberships.userId, userId));
    if (role === null) await tx.delete(memberships).where(which);
    else await tx.update(memberships).set({ role }).where(which);
    // Their mailbox stops sending for the workspace at once: what waited to go from it is held.
    const held =
      role === null || !roleAllows(role, 'sender') ? await holdMailbox(tx, workspaceId, userId) : 0;
    await recordAudit(tx, [
      {
        workspaceId,
        actorId,
        action: role === null ? 'member.removed' : 'member.role_changed',
        subjectType: 'member',
        subjectId: userId,
        detail: {
          ...(role === null ? { role: current.role } : { from: current.role, to: role }),
          ...(held > 0 && { emailsHeld: held }),
        },
      },
    ]);
    return 'done';
  });
}

/** Renames a workspace or changes its four-eyes setting or the days it keeps answers. */
export async function updateWorkspace(
  db: Db,
  workspaceId: WorkspaceId,
  values: WorkspaceChange,
  actorId: number,
) {
  await db.transaction(async (tx) => {
    await tx
      .update(workspaces)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(workspaces.id, workspaceId));
    await recordAudit(tx, [{ workspaceId, actorId, action: 'workspace.settings_changed', detail: values }]);
  });
}

/**
 * A member who may no longer send (removed, or no longer a sender): their emails in the workspace
 * that were on their way go back to review, and their waiting follow-ups stop, so nothing more
 * leaves their mailbox for the workspace. Their answers to replies (step 0), which have no review
 * to go back to, fail with the reason, shown in their thread. One already being sent finishes.
 * Returns how many.
 */
export async function holdMailbox(db: Db, workspaceId: WorkspaceId, userId: number): Promise<number> {
  const reason = 'Not sent: its sender may no longer send for this workspace';
  const rows = await selectRows<{ campaignId: number }>(
    db,
    sql`
    update ${emails}
    set status = case when status = 'waiting' then 'stopped' when step = 0 then 'failed' else 'draft' end,
        is_approved = step = 0 and is_approved, approved_by = case when step = 0 then approved_by end,
        scheduled_for = null, error_message = ${reason}, updated_at = now()
    where workspace_id = ${workspaceId} and user_id = ${userId} and status in ('queued', 'scheduled', 'waiting')
    returning campaign_id as "campaignId"`,
  );
  for (const campaignId of new Set(rows.map((row) => row.campaignId)))
    await refreshSendStatus(db, campaignId);
  return rows.length;
}
