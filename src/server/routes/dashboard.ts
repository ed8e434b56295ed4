import { api } from '../../contract/api';
import { requireUser } from '../auth/require-user';
import type { AppContext } from '../context';
import { coalesced } from '../lib/coalesced';
import { getDashboardStats } from '../services/dashboard-stats';
import type { AppInstance } from './app-instance';
import { serve } from './serve';

export function dashboardRoutes(app: AppInstance, ctx: AppContext) {
  // Shared by identical requests in flight together (see coalesced).
  const stats = coalesced(String, (userId: number) => getDashboardStats(ctx.db, userId));
  serve(app, api.dashboardStats, { preHandler: requireUser(ctx) }, (request) => stats(request.user.id));
}
