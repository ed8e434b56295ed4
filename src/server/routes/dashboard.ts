import { api } from '../../contract/api';
import type { AppContext } from '../context';
import type { WorkspaceId } from '../db/schema';
import { coalesced } from '../lib/coalesced';
import { getDashboardStats } from '../services/dashboard-stats';
import type { AppInstance } from './app-instance';
import { routeServer } from './serve';

export function dashboardRoutes(app: AppInstance, ctx: AppContext) {
  const serve = routeServer(app, ctx);
  // Shared by identical requests in flight together (see coalesced).
  const stats = coalesced(String, (workspaceId: WorkspaceId) => getDashboardStats(ctx.db, workspaceId));
  serve(api.dashboardStats, (request) => stats(request.member.workspaceId));
}
