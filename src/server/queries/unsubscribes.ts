import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { SuppressionReason } from '../../contract/conversations';
import { type Db, selectRows } from '../db/client';
import { preparedQuery } from '../db/prepared';
import { unsubscribes, type WorkspaceId } from '../db/schema';
import { stopFollowUpsToAddress } from './sequences';

export type NewUnsubscribe = {
  /** Whose suppression list: one entry stops every campaign of the workspace. */
  workspaceId: WorkspaceId;
  /** The mailbox owner it came through (the sender of the email it answers). */
  userId: number;
  email: string;
  /** The campaign and email it came from; null for an emailed request that quotes none of ours. */
  campaignId: number | null;
  emailId: number | null;
  /** How the address came onto the list; the unsubscribe link when not said. */
  reason?: SuppressionReason;
};

/**
 * Idempotent: the first unsubscribe of an address in a workspace is kept (with the campaign and
 * email it came from); later ones change nothing. Returns whether a row was added.
 */
export async function insertUnsubscribe(db: Db, values: NewUnsubscribe): Promise<boolean> {
  const rows = await selectRows(
    db,
    sql`
    insert into ${unsubscribes} (workspace_id, user_id, email, campaign_id, email_id, reason)
    values (${values.workspaceId}::integer, ${values.userId}::integer, ${values.email}::text, ${values.campaignId}::integer,
            ${values.emailId}::bigint, ${values.reason ?? 'link'}::text)
    on conflict (workspace_id, lower(email)) do nothing
    returning id`,
  );
  // Whatever the route (link, one-click, email request, hard bounce), no follow-up goes to them.
  if (rows.length > 0) await stopFollowUpsToAddress(db, values.workspaceId, values.email);
  return rows.length > 0;
}

/** Uses the unique (workspace_id, lower(email)) index. */
export async function hasUnsubscribe(db: Db, workspaceId: WorkspaceId, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: unsubscribes.id })
    .from(unsubscribes)
    .where(
      and(eq(unsubscribes.workspaceId, workspaceId), sql`lower(${unsubscribes.email}) = lower(${email})`),
    )
    .limit(1);
  return row !== undefined;
}

const campaignUnsubscribesQuery = preparedQuery((db) =>
  db
    .select({ id: unsubscribes.id, email: unsubscribes.email, createdAt: unsubscribes.createdAt })
    .from(unsubscribes)
    .where(
      and(
        eq(unsubscribes.workspaceId, sql.placeholder('workspaceId')),
        eq(unsubscribes.campaignId, sql.placeholder('campaignId')),
        // Bounced addresses are suppressed too, but nobody asked to leave: not an unsubscriber.
        ne(unsubscribes.reason, 'bounced'),
      ),
    )
    .orderBy(desc(unsubscribes.createdAt), desc(unsubscribes.id))
    .prepare('campaign_unsubscribes'),
);

/** Unsubscribes that came from one campaign, newest first. */
export function listCampaignUnsubscribes(db: Db, workspaceId: WorkspaceId, campaignId: number) {
  return campaignUnsubscribesQuery(db).execute({ workspaceId, campaignId });
}
