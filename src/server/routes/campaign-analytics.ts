import { Readable } from 'node:stream';
import { api } from '../../contract/api';
import type { AppContext } from '../context';
import type { WorkspaceId } from '../db/schema';
import { coalesced } from '../lib/coalesced';
import { recordExport } from '../services/audit-trail';
import { exportCampaignUnsubscribers } from '../services/export-unsubscribers';
import { getOpenStats, listOpenedEmails, listUnsubscribers } from '../services/open-stats';
import type { AppInstance } from './app-instance';
import { routeServer } from './serve';

/** The Analytics page's per-campaign calls (docs/product.md §8); another workspace's campaign is a 404. */
export function campaignAnalyticsRoutes(app: AppInstance, ctx: AppContext) {
  const serve = routeServer(app, ctx);
  const c = api.campaigns;
  // Each read is shared by identical requests in flight together (see coalesced).
  type Of = { workspaceId: WorkspaceId; campaignId: number };
  const keyOf = (a: Of) => `${a.workspaceId}:${a.campaignId}`;
  const stats = coalesced(keyOf, (a) => getOpenStats(ctx.db, a.workspaceId, a.campaignId));
  const opened = coalesced(keyOf, (a) => listOpenedEmails(ctx.db, a.workspaceId, a.campaignId));
  const unsubscribers = coalesced(keyOf, (a) => listUnsubscribers(ctx.db, a.workspaceId, a.campaignId));

  serve(c.openStats, (request) =>
    stats({ workspaceId: request.member.workspaceId, campaignId: request.params.id }),
  );
  serve(c.openedEmails, (request) =>
    opened({ workspaceId: request.member.workspaceId, campaignId: request.params.id }),
  );
  serve(c.unsubscribers, (request) =>
    unsubscribers({ workspaceId: request.member.workspaceId, campaignId: request.params.id }),
  );
  serve(c.exportUnsubscribers, async (request, reply) => {
    const { workspaceId, userId } = request.member;
    const rows = await exportCampaignUnsubscribers(ctx.db, workspaceId, request.params.id);
    await recordExport(ctx.db, { workspaceId, userId }, 'unsubscribers', request.params.id);
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="unsubscribers-campaign-${request.params.id}.csv"`)
      .header('cache-control', 'no-store');
    return reply.send(Readable.from(rows));
  });
}
