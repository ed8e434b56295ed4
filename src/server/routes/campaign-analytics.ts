import { Readable } from 'node:stream';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams } from '../../contract/common';
import { openedEmails, openStats, unsubscriber } from '../../contract/emails';
import { requireUser } from '../auth/require-user';
import type { AppContext } from '../context';
import { coalesced } from '../lib/coalesced';
import { exportCampaignUnsubscribers } from '../services/export-unsubscribers';
import { getOpenStats, listOpenedEmails, listUnsubscribers } from '../services/open-stats';
import type { AppInstance } from './app-instance';

/** The Analytics page's per-campaign calls (docs/product.md §8); another user's campaign is a 404. */
export function campaignAnalyticsRoutes(app: AppInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const preHandler = requireUser(ctx);
  // Each read is shared by identical requests in flight together (see coalesced).
  type Of = { userId: number; campaignId: number };
  const keyOf = (a: Of) => `${a.userId}:${a.campaignId}`;
  const stats = coalesced(keyOf, (a) => getOpenStats(ctx.db, a.userId, a.campaignId));
  const opened = coalesced(keyOf, (a) => listOpenedEmails(ctx.db, a.userId, a.campaignId));
  const unsubscribers = coalesced(keyOf, (a) => listUnsubscribers(ctx.db, a.userId, a.campaignId));

  r.get(
    '/api/campaigns/:id/open-stats',
    { schema: { params: idParams, response: { 200: openStats } }, preHandler },
    (request) => stats({ userId: request.user.id, campaignId: request.params.id }),
  );
  r.get(
    '/api/campaigns/:id/opened-emails',
    { schema: { params: idParams, response: { 200: openedEmails } }, preHandler },
    (request) => opened({ userId: request.user.id, campaignId: request.params.id }),
  );
  r.get(
    '/api/campaigns/:id/unsubscribers',
    { schema: { params: idParams, response: { 200: z.array(unsubscriber) } }, preHandler },
    (request) => unsubscribers({ userId: request.user.id, campaignId: request.params.id }),
  );
  r.get(
    '/api/campaigns/:id/unsubscribers/export',
    { schema: { params: idParams }, preHandler },
    async (request, reply) => {
      const rows = await exportCampaignUnsubscribers(ctx.db, request.user.id, request.params.id);
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="unsubscribers-campaign-${request.params.id}.csv"`,
        )
        .header('cache-control', 'no-store');
      return reply.send(Readable.from(rows));
    },
  );
}
