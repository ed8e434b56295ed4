import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  analyticsOverview,
  dailyActivity,
  dailyActivityQuery,
  dailyEmailHistory,
  dailyEmailHistoryQuery,
  sentEmailsPage,
  sentEmailsQuery,
} from '../../contract/analytics';
import { requireUser } from '../auth/require-user';
import type { AppContext } from '../context';
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

  r.get(
    '/api/analytics/overview',
    { schema: { response: { 200: analyticsOverview } }, preHandler },
    (request) => getAnalyticsOverview(ctx.db, request.user.id),
  );
  r.get(
    '/api/analytics/daily',
    { schema: { querystring: dailyActivityQuery, response: { 200: dailyActivity } }, preHandler },
    (request) => getDailyActivity(ctx.db, request.user, request.query.days, request.query.campaignId),
  );
  r.get(
    '/api/analytics/sent-emails',
    { schema: { querystring: sentEmailsQuery, response: { 200: sentEmailsPage } }, preHandler },
    (request) => getSentEmails(ctx.db, request.user.id, request.query),
  );
  r.get(
    '/api/daily-email-stats/history',
    { schema: { querystring: dailyEmailHistoryQuery, response: { 200: dailyEmailHistory } }, preHandler },
    (request) => getDailyEmailHistory(ctx.db, request.user, request.query.days),
  );
}
