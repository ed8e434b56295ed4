import { Readable } from 'node:stream';
import { api } from '../../contract/api';
import { requireUser } from '../auth/require-user';
import type { AppContext } from '../context';
import { coalesced } from '../lib/coalesced';
import { exportCampaignUnsubscribers } from '../services/export-unsubscribers';
import { getOpenStats, listOpenedEmails, listUnsubscribers } from '../services/open-stats';
import type { AppInstance } from './app-instance';
import { serve } from './serve';

/** The Analytics page's per-campaign calls (docs/product.md §8); another user's campaign is a 404. */
export function campaignAnalyticsRoutes(app: AppInstance, ctx: AppContext) {
  const signedIn = { preHandler: requireUser(ctx) };
  const c = api.campaigns;
  // Each read is shared by identical requests in flight together (see coalesced).
  type Of = { userId: number; campaignId: number };
  const keyOf = (a: Of) => `${a.userId}:${a.campaignId}`;
  const stats = coalesced(keyOf, (a) => getOpenStats(ctx.db, a.userId, a.campaignId));
  const opened = coalesced(keyOf, (a) => listOpenedEmails(ctx.db, a.userId, a.campaignId));
  const unsubscribers = coalesced(keyOf, (a) => listUnsubscribers(ctx.db, a.userId, a.campaignId));

  serve(app, c.openStats, signedIn, (request) =>
    stats({ userId: request.user.id, campaignId: request.params.id }),
  );
  serve(app, c.openedEmails, signedIn, (request) =>
    opened({ userId: request.user.id, campaignId: request.params.id }),
  );
  serve(app, c.unsubscribers, signedIn, (request) =>
    unsubscribers({ userId: request.user.id, campaignId: request.params.id }),
  );
  serve(app, c.exportUnsubscribers, signedIn, async (request, reply) => {
    const rows = await exportCampaignUnsubscribers(ctx.db, request.user.id, request.params.id);
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="unsubscribers-campaign-${request.params.id}.csv"`)
      .header('cache-control', 'no-store');
    return reply.send(Readable.from(rows));
  });
}
