import { sql } from 'drizzle-orm';
import { type Db, selectRows } from '../db/client';
import {
  campaignDailyStats,
  campaignStats,
  campaigns,
  emailOpens,
  emails,
  inboundMessages,
  memberships,
  templates,
  unsubscribes,
  type WorkspaceId,
  workspaces,
} from '../db/schema';
import { recordAudit } from './audit';
import { holdMailbox } from './workspaces';

/** A shared workspace of someone deleting their account, and the owner their work passes to. */
type Handover = { workspaceId: WorkspaceId; name: string; heir: number | null };

/**
 * The workspaces someone else still belongs to, each with the owner who takes over what the person
 * made there: the longest-standing other owner, or null when the person is its only owner.
 */
export function sharedWorkspacesOf(db: Db, userId: number): Promise<Handover[]> {
  return selectRows<Handover>(
    db,
    sql`
    select w.id as "workspaceId", w.name,
           (select o.user_id from ${memberships} o
             where o.workspace_id = w.id and o.user_id <> ${userId} and o.role = 'owner'
             order by o.created_at, o.user_id limit 1) as heir
      from ${workspaces} w
      join ${memberships} m on m.workspace_id = w.id and m.user_id = ${userId}
     where exists (select 1 from ${memberships} x where x.workspace_id = w.id and x.user_id <> ${userId})
     order by w.id`,
  );
}

/**
 * What a person made in a workspace stays with the workspace when their account goes: their
 * templates, campaigns, emails, figures, replies and, above all, the suppression entries their
 * campaigns collected pass to `heir`. Their mailbox sends nothing more: what waited to go from it
 * is held back for review first, so none of it leaves the heir's mailbox unseen.
 */
export async function handOver(db: Db, userId: number, { workspaceId, heir }: Handover & { heir: number }) {
  const held = await holdMailbox(db, workspaceId, userId);
  const made = (table: typeof templates | typeof campaigns | typeof emails | typeof unsubscribes) =>
    db.execute(sql`update ${table} set user_id = ${heir}
                    where workspace_id = ${workspaceId} and user_id = ${userId}`);
  await made(templates);
  await made(campaigns);
  await made(emails);
  await made(unsubscribes);
  // Tables that name the maker beside a campaign or an email of the workspace.
  const inCampaigns = sql`select ${campaigns.id} from ${campaigns} where ${campaigns.workspaceId} = ${workspaceId}`;
  for (const table of [campaignDailyStats, campaignStats, emailOpens])
    await db.execute(sql`update ${table} set user_id = ${heir}
                          where user_id = ${userId} and campaign_id in (${inCampaigns})`);
  await db.execute(sql`update ${inboundMessages} set user_id = ${heir}
    where user_id = ${userId}
      and email_id in (select ${emails.id} from ${emails} where ${emails.workspaceId} = ${workspaceId})`);
  await recordAudit(db, [
    {
      workspaceId,
      actorId: userId,
      action: 'member.account_deleted',
      subjectType: 'member',
      subjectId: userId,
      detail: { handedTo: heir, ...(held > 0 && { emailsHeld: held }) },
    },
  ]);
}
