import type { DashboardStats } from '../../contract/dashboard';
import type { Db } from '../db/client';
import { dashboardTotals } from '../queries/dashboard';

/** Opened rate counts people, not image proxies: the same rule as a campaign's open stats. */
export async function getDashboardStats(db: Db, userId: number): Promise<DashboardStats> {
  const t = await dashboardTotals(db, userId);
  return {
    totalCampaigns: t.campaigns,
    emailsSent: t.sent,
    successRate: percent(t.sent, t.sent + t.failed),
    templates: t.templates,
    openedRate: percent(t.opened, t.sent),
  };
}

/** A percentage with no division by zero: nothing sent yet reads as 0 %. */
function percent(part: number, whole: number) {
  return whole === 0 ? 0 : (part / whole) * 100;
}
