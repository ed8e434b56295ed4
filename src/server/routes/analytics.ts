import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  analyticsOverview,
  dailyActivity,
  dailyActivityQuery,
  dailyEmailHistory,
  dailyEmailHistoryQuery,
  type SentEmailsQuery,
  sentEmailsPage,
  sentEmailsQuery,
} from '../../contract/analytics';
import { requireUser } from '../auth/require-user';
import type { AppContext } from '../context';
import { coalesced } from '../lib/coalesced';
import {
  getAnalyticsOverview,
  getDailyActivity,
  getDailyEmailHistory,
  getSentEmails,
} from '../services/analytics';
import type { AppInstance } from './app-instance';

/** The Analytics page and Settings' history chart; everything is the signed-in user's own. */
export function analyticsRoutes(app: AppInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const preHandler = requireUser(ctx);
  // Each read is shared by identical requests in flight together (see coalesced).
  type User = FastifyRequest['user'];
  const overview = coalesced(String, (userId: number) => getAnalyticsOverview(ctx.db, userId));
  const daily = coalesced(
    (a: { user: User; days: number; campaignId?: number }) =>
      `${a.user.id}:${a.user.timeZone}:${a.days}:${a.campaignId ?? ''}`,
    (a) => getDailyActivity(ctx.db, a.user, a.days, a.campaignId),
  );
  const sentEmails = coalesced(
    (a: { userId: number; query: SentEmailsQuery }) => `${a.userId}:${JSON.stringify(a.query)}`,
    (a) => getSentEmails(ctx.db, a.userId, a.query),
  );
  const history = coalesced(
    (a: { user: User; days: number }) => `${a.user.id}:${a.user.timeZone}:${a.days}`,
    (a) => getDailyEmailHistory(ctx.db, a.user, a.days),
  );

  r.get(
    '/api/analytics/overview',
    { schema: { response: { 200: analyticsOverview } }, preHandler },
    (request) => overview(request.user.id),
  );
  r.get(
    '/api/analytics/daily',
    { schema: { querystring: dailyActivityQuery, response: { 200: dailyActivity } }, preHandler },
    (request) =>
      daily({ user: request.user, days: request.query.days, campaignId: request.query.campaignId }),
  );
  r.get(
    '/api/analytics/sent-emails',
    { schema: { querystring: sentEmailsQuery, response: { 200: sentEmailsPage } }, preHandler },
    (request) => sentEmails({ userId: request.user.id, query: request.query }),
  );
  r.get(
    '/api/daily-email-stats/history',
    { schema: { querystring: dailyEmailHistoryQuery, response: { 200: dailyEmailHistory } }, preHandler },
    (request) => history({ user: request.user, days: request.query.days }),
  );
}
