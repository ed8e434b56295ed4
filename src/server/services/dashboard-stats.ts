import type { DashboardStats } from '../../contract/dashboard';
import type { Db } from '../db/client';
import type { WorkspaceId } from '../db/schema';
import { campaignTotals } from '../queries/analytics';
import { dashboardTotals } from '../queries/dashboard';
import { membersOf, percent } from './analytics';

/** Opened rate counts people, not image proxies: the same rule as a campaign's open stats. */
export async function getDashboardStats(db: Db, workspaceId: WorkspaceId): Promise<DashboardStats> {
  const [t, campaigns] = await Promise.all([
    dashboardTotals(db, workspaceId),
    campaignTotals(db, workspaceId),
  ]);
  return {
    totalCampaigns: t.campaigns,
    emailsSent: t.sent,
    successRate: percent(t.sent, t.sent + t.failed),
    templates: t.templates,
    openedRate: percent(t.opened, t.sent),
    replyRate: percent(t.replied, t.sent),
    bounceRate: percent(t.bounced, t.sent),
    members: membersOf(campaigns),
  };
}
