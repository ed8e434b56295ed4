import { api } from '../../contract/api';
import { requireUser } from '../auth/require-user';
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
import { serve } from './serve';

/**
 * Campaign calls (docs/product.md §10); every id is looked up with its owner, so another user's id is a
 * 404.
 */
export function campaignRoutes(app: AppInstance, ctx: AppContext) {
  const signedIn = { preHandler: requireUser(ctx) };
  const c = api.campaigns;

  serve(app, c.list, signedIn, (req) => listCampaigns(ctx.db, req.user.id));
  serve(app, c.archived, signedIn, (req) => listArchivedCampaigns(ctx.db, req.user.id));
  serve(app, c.get, signedIn, (req) => getCampaign(ctx.db, req.user.id, req.params.id));
  serve(app, c.create, signedIn, (req) => createCampaign(ctx.db, req.user.id, req.body));
  serve(app, c.update, signedIn, (req) => editCampaign(ctx.db, req.user.id, req.params.id, req.body));
  serve(app, c.remove, signedIn, async (req) => {
    await removeCampaign(ctx.db, req.user.id, req.params.id);
    return { ok: true as const };
  });
  serve(app, c.archive, signedIn, (req) => archiveCampaign(ctx.db, req.user.id, req.params.id, true));
  serve(app, c.restore, signedIn, (req) => archiveCampaign(ctx.db, req.user.id, req.params.id, false));

  serve(app, c.emails, signedIn, (req) => listCampaignEmails(ctx.db, req.user.id, req.params.id, req.query));
  serve(app, c.recipients, signedIn, (req) =>
    listCampaignRecipients(ctx.db, req.user.id, req.params.id, req.query),
  );
  serve(app, c.dailyStats, signedIn, (req) => campaignDailyStatsFor(ctx.db, req.user, req.params.id));
  serve(app, c.automap, signedIn, (req) => automapColumns(ctx.ai, req.body.variables, req.body.columns));

  uploadCsvRoute(app, ctx);
  generationRoutes(app, ctx);
}
