import type { FastifyRequest } from 'fastify';
import type { SentEmailsQuery } from '../../contract/analytics';
import { api } from '../../contract/api';
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
import { serve } from './serve';

/** The Analytics page and Settings' history chart; everything is the signed-in user's own. */
export function analyticsRoutes(app: AppInstance, ctx: AppContext) {
  const signedIn = { preHandler: requireUser(ctx) };
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

  serve(app, api.analytics.overview, signedIn, (request) => overview(request.user.id));
  serve(app, api.analytics.daily, signedIn, (request) =>
    daily({ user: request.user, days: request.query.days, campaignId: request.query.campaignId }),
  );
  serve(app, api.analytics.sentEmails, signedIn, (request) =>
    sentEmails({ userId: request.user.id, query: request.query }),
  );
  serve(app, api.settings.dailyHistory, signedIn, (request) =>
    history({ user: request.user, days: request.query.days }),
  );
}
