import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { mailboxSyncs, memberships, users, workspaces } from '../db/schema';
import { handOver, sharedWorkspacesOf } from './account-handover';

/**
 * Removes a user and every row that is theirs, in one transaction: what they made in workspaces
 * others still belong to passes to an owner there (handOver), the workspaces only they belong
 * to go (with all in them), then the users row, and with it (every
 * table referencing users, or a row of theirs, cascades) identities and tokens, sessions, sender
 * settings, templates, campaigns, recipients, emails, opens, figures, quotas, outbox, images, the
 * suppression list and inbound messages; then what refers to them by key rather than by foreign key:
 * their mailboxes' sync state (`mailboxKeys`) and their jobs still waiting in the queue (a payload
 * naming the user or one of those mailboxes). A job already running finds nothing left to work on.
 * test/account-deletion.int.test.ts walks every table for it. False when there was no such user;
 * the name of a workspace with other members that they alone own, and nothing deleted, when there is one.
 */
export async function deleteUserAndData(
  db: Db,
  userId: number,
  mailboxKeys: string[],
): Promise<boolean | { soleOwnerOf: string }> {
  return db.transaction(async (tx) => {
    // A workspace others still use keeps what the person made there; one they alone own would be
    // left without an owner, so the deletion waits until someone else is made owner.
    const shared = await sharedWorkspacesOf(tx, userId);
    const orphaned = shared.find((w) => w.heir === null);
    if (orphaned) return { soleOwnerOf: orphaned.name };
    for (const workspace of shared) await handOver(tx, userId, { ...workspace, heir: workspace.heir! });
    // Workspaces nobody else belongs to go with their last member (everything in them cascades).
    await tx.execute(sql`
      delete from ${workspaces} w
      where exists (select 1 from ${memberships} m where m.workspace_id = w.id and m.user_id = ${userId})
        and not exists (select 1 from ${memberships} m where m.workspace_id = w.id and m.user_id <> ${userId})`);
    const deleted = await tx.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
    if (deleted.length === 0) return false;
    if (mailboxKeys.length > 0) await tx.delete(mailboxSyncs).where(inArray(mailboxSyncs.key, mailboxKeys));
    const keys = mailboxKeys.length > 0 ? mailboxKeys : [''];
    await tx.execute(sql`
      delete from pgboss.job
      where state in ('created', 'retry')
        and (data->>'userId' = ${String(userId)}
          or data->>'key' in (${sql.join(
            keys.map((key) => sql`${key}`),
            sql`, `,
          )}))`);
    return true;
  });
}
