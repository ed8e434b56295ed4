import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { preparedQuery } from '../db/prepared';
import { campaigns, emails, templates, type WorkspaceId, workspaces } from '../db/schema';

const workspaceId = sql.placeholder('workspaceId');

// One round trip, prepared: the dashboard is the first page every member sees. The outer workspace
// id is spelled out: in a one-table select Drizzle renders columns unqualified, and a bare "id"
// inside a subquery would mean that subquery's own table.
const own = sql`"workspaces"."id"`;
const totalsQuery = preparedQuery((db) =>
  db
    .select({
      campaigns: sql<number>`(select count(*)::int from ${campaigns}
        where ${campaigns.workspaceId} = ${own} and ${campaigns.archivedAt} is null)`,
      templates: sql<number>`(select count(*)::int from ${templates}
        where ${templates.workspaceId} = ${own} and ${templates.archivedAt} is null)`,
      // The campaigns' failed emails; a failed answer to a reply (step 0) shows in its thread.
      failed: sql<number>`(select count(*)::int from ${emails}
        where ${emails.workspaceId} = ${own} and ${emails.status} = 'failed' and ${emails.step} > 0)`,
    })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId))
    .prepare('dashboard_totals'),
);

/**
 * The counts of one workspace's dashboard that its campaigns' rollups do not hold, all small and
 * index-backed: campaigns and templates in use, and failed emails.
 */
export async function dashboardTotals(db: Db, workspace: WorkspaceId) {
  const [row] = await totalsQuery(db).execute({ workspaceId: workspace });
  return row ?? { campaigns: 0, templates: 0, failed: 0 };
}
