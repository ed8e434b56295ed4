import { api } from '../../contract/api';
import type { AppContext } from '../context';
import { automapColumns } from '../services/automap';
import {
  campaignDailyStatsFor,
  listCampaignEmails,
  listCampaignRecipients,
} from '../services/campaign-lists';
import {
  archiveCampaign,
  createCampaign,
  editCampaign,
  getCampaign,
  listArchivedCampaigns,
  listCampaigns,
  removeCampaign,
} from '../services/campaigns';
import type { AppInstance } from './app-instance';
import { generationRoutes } from './campaign-generation';
import { uploadCsvRoute } from './campaign-upload';
import { routeServer } from './serve';

/**
 * Campaign calls (docs/product.md §10); every id is looked up with its owner, so another user's id is a
 * 404.
 */
export function campaignRoutes(app: AppInstance, ctx: AppContext) {
  const serve = routeServer(app, ctx);
  const c = api.campaigns;

  serve(c.list, (req) => listCampaigns(ctx.db, req.member.workspaceId));
  serve(c.archived, (req) => listArchivedCampaigns(ctx.db, req.member.workspaceId));
  serve(c.get, (req) => getCampaign(ctx.db, req.member.workspaceId, req.params.id));
  serve(c.create, (req) => createCampaign(ctx.db, req.member, req.body));
  serve(c.update, (req) => editCampaign(ctx.db, req.member.workspaceId, req.params.id, req.body));
  serve(c.remove, async (req) => {
    await removeCampaign(ctx.db, req.member, req.params.id);
    return { ok: true as const };
  });
  serve(c.archive, (req) => archiveCampaign(ctx.db, req.member.workspaceId, req.params.id, true));
  serve(c.restore, (req) => archiveCampaign(ctx.db, req.member.workspaceId, req.params.id, false));

  serve(c.emails, (req) => listCampaignEmails(ctx.db, req.member, req.params.id, req.query));
  serve(c.recipients, (req) =>
    listCampaignRecipients(ctx.db, req.member.workspaceId, req.params.id, req.query),
  );
  serve(c.dailyStats, (req) => campaignDailyStatsFor(ctx.db, req.member.workspaceId, req.params.id));
  serve(c.automap, (req) => automapColumns(ctx.ai, req.body.variables, req.body.columns));

  uploadCsvRoute(app, ctx);
  generationRoutes(app, ctx);
}
