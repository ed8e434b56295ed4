import type { DashboardStats } from '../../contract/dashboard';
import type { Db } from '../db/client';
import type { WorkspaceId } from '../db/schema';
import { campaignTotals } from '../queries/analytics';
import { dashboardTotals } from '../queries/dashboard';
import { membersOf, percent, totalsOf } from './analytics';

/**
 * The dashboard: its own counts, and sends, opens, replies and bounces summed from the same
 * per-campaign rollup rows Analytics reads (one read gives the totals and the figures by member).
 * Opened rate counts people, not image proxies: the same rule as a campaign's open stats.
 */
export async function getDashboardStats(db: Db, workspaceId: WorkspaceId): Promise<DashboardStats> {
  const [counts, campaigns] = await Promise.all([
    dashboardTotals(db, workspaceId),
    campaignTotals(db, workspaceId),
  ]);
  const t = totalsOf(campaigns);
  return {
    totalCampaigns: counts.campaigns,
    emailsSent: t.sent,
    successRate: percent(t.sent, t.sent + counts.failed),
    templates: counts.templates,
    openedRate: t.openRate,
    replyRate: t.replyRate,
    bounceRate: t.bounceRate,
    members: membersOf(campaigns),
  };
}
