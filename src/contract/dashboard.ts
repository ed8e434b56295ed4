import { z } from 'zod';

/** GET /api/dashboard/stats (SPEC §3 Dashboard stats). Rates are percentages 0–100. */
export const dashboardStats = z.object({
  totalCampaigns: z.number(),
  emailsSent: z.number(),
  successRate: z.number(),
  templates: z.number(),
  openedRate: z.number(),
});
export type DashboardStats = z.infer<typeof dashboardStats>;
