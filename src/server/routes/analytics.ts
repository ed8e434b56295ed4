import type { FastifyRequest } from 'fastify';
import type { SentEmailsQuery } from '../../contract/analytics';
import { api } from '../../contract/api';
import type { AppContext } from '../context';
import type { WorkspaceId } from '../db/schema';
import { coalesced } from '../lib/coalesced';
import {
  getAnalyticsOverview,
  getDailyActivity,
  getDailyEmailHistory,
  getSentEmails,
} from '../services/analytics';
import type { AppInstance } from './app-instance';
import { routeServer } from './serve';

/** The Analytics page and Settings' history chart; everything is the workspace's, but the history chart: the signed-in person's mailbox. */
export function analyticsRoutes(app: AppInstance, ctx: AppContext) {
  const serve = routeServer(app, ctx);
  // Each read is shared by identical requests in flight together (see coalesced).
  type User = FastifyRequest['user'];
  type Scope = { workspaceId: WorkspaceId; timeZone: string };
  const overview = coalesced(String, (workspaceId: WorkspaceId) => getAnalyticsOverview(ctx.db, workspaceId));
  const daily = coalesced(
    (a: { scope: Scope; days: number; campaignId?: number }) =>
      `${a.scope.workspaceId}:${a.scope.timeZone}:${a.days}:${a.campaignId ?? ''}`,
    (a) => getDailyActivity(ctx.db, a.scope, a.days, a.campaignId),
  );
  const sentEmails = coalesced(
    (a: { workspaceId: WorkspaceId; query: SentEmailsQuery }) =>
      `${a.workspaceId}:${JSON.stringify(a.query)}`,
    (a) => getSentEmails(ctx.db, a.workspaceId, a.query),
  );
  // The history chart is of the signed-in person's own mailbox: its sends against the daily limits.
  const history = coalesced(
    (a: { user: User; days: number }) => `${a.user.id}:${a.user.timeZone}:${a.days}`,
    (a) => getDailyEmailHistory(ctx.db, a.user, a.days),
  );

  serve(api.analytics.overview, (request) => overview(request.member.workspaceId));
  serve(api.analytics.daily, (request) =>
    daily({
      scope: { workspaceId: request.member.workspaceId, timeZone: request.user.timeZone },
      days: request.query.days,
      campaignId: request.query.campaignId,
    }),
  );
  serve(api.analytics.sentEmails, (request) =>
    sentEmails({ workspaceId: request.member.workspaceId, query: request.query }),
  );
  serve(api.settings.dailyHistory, (request) => history({ user: request.user, days: request.query.days }));
}
