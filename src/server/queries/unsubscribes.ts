import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { SuppressionReason } from '../../contract/conversations';
import { type Db, preparedQuery, selectRows } from '../db/client';
import { unsubscribes } from '../db/schema';
import { stopFollowUpsToAddress } from './sequences';

export type NewUnsubscribe = {
  userId: number;
  email: string;
  /** The campaign and email it came from; null for an emailed request that quotes none of ours. */
  campaignId: number | null;
  emailId: number | null;
  /** How the address came onto the list; the unsubscribe link when not said. */
  reason?: SuppressionReason;
};

/**
 * Idempotent: the first unsubscribe of an address for a user is kept (with the campaign and
 * email it came from); later ones change nothing. Returns whether a row was added.
 */
export async function insertUnsubscribe(db: Db, values: NewUnsubscribe): Promise<boolean> {
  const rows = await selectRows(
    db,
    sql`
    insert into ${unsubscribes} (user_id, email, campaign_id, email_id, reason)
    values (${values.userId}::integer, ${values.email}::text, ${values.campaignId}::integer,
            ${values.emailId}::bigint, ${values.reason ?? 'link'}::text)
    on conflict (user_id, lower(email)) do nothing
    returning id`,
  );
  // Whatever the route (link, one-click, email request, hard bounce), no follow-up goes to them.
  if (rows.length > 0) await stopFollowUpsToAddress(db, values.userId, values.email);
  return rows.length > 0;
}

/** Uses the unique (user_id, lower(email)) index. */
export async function hasUnsubscribe(db: Db, userId: number, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: unsubscribes.id })
    .from(unsubscribes)
    .where(and(eq(unsubscribes.userId, userId), sql`lower(${unsubscribes.email}) = lower(${email})`))
    .limit(1);
  return row !== undefined;
}

const campaignUnsubscribesQuery = preparedQuery((db) =>
  db
    .select({ id: unsubscribes.id, email: unsubscribes.email, createdAt: unsubscribes.createdAt })
    .from(unsubscribes)
    .where(
      and(
        eq(unsubscribes.userId, sql.placeholder('userId')),
        eq(unsubscribes.campaignId, sql.placeholder('campaignId')),
        // Bounced addresses are suppressed too, but nobody asked to leave: not an unsubscriber.
        ne(unsubscribes.reason, 'bounced'),
      ),
    )
    .orderBy(desc(unsubscribes.createdAt), desc(unsubscribes.id))
    .prepare('campaign_unsubscribes'),
);

/** Unsubscribes that came from one campaign, newest first. */
export function listCampaignUnsubscribes(db: Db, userId: number, campaignId: number) {
  return campaignUnsubscribesQuery(db).execute({ userId, campaignId });
}
