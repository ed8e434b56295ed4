import { z } from 'zod';
import { memberAnalytics } from './analytics';

/** GET /api/dashboard/stats (docs/product.md §8). Rates are percentages 0–100. */
export const dashboardStats = z.object({
  totalCampaigns: z.number(),
  emailsSent: z.number(),
  successRate: z.number(),
  templates: z.number(),
  openedRate: z.number(),
  /** Sent emails a person replied to, and sent emails that bounced hard, as shares of sent. */
  replyRate: z.number(),
  bounceRate: z.number(),
  /** The same figures by the member who made each campaign, most sent first (as Analytics gives them). */
  members: z.array(memberAnalytics),
});
export type DashboardStats = z.infer<typeof dashboardStats>;
