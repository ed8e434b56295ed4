import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dashboardStats } from '../../contract/dashboard';
import { requireUser } from '../auth/require-user';
import type { AppContext } from '../context';
import { coalesced } from '../lib/coalesced';
import { getDashboardStats } from '../services/dashboard-stats';
import type { AppInstance } from './app-instance';

export function dashboardRoutes(app: AppInstance, ctx: AppContext) {
  // Shared by identical requests in flight together (see coalesced).
  const stats = coalesced(String, (userId: number) => getDashboardStats(ctx.db, userId));
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/dashboard/stats',
      { schema: { response: { 200: dashboardStats } }, preHandler: requireUser(ctx) },
      (request) => stats(request.user.id),
    );
}
