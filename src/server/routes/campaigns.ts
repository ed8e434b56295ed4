import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { okReply } from '../../contract/auth';
import {
  automapBody,
  automapReply,
  campaign,
  campaignDailyStats,
  emailPage,
  recipient,
  saveCampaignBody,
} from '../../contract/campaigns';
import { idParams, page, pageQuery } from '../../contract/common';
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

/**
 * Campaign calls (docs/product.md §10); every id is looked up with its owner, so another user's id is a
 * 404.
 */
export function campaignRoutes(app: AppInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const preHandler = requireUser(ctx);
  const one = { 200: campaign };

  r.get('/api/campaigns', { schema: { response: { 200: z.array(campaign) } }, preHandler }, (req) =>
    listCampaigns(ctx.db, req.user.id),
  );
  r.get('/api/campaigns/archived', { schema: { response: { 200: z.array(campaign) } }, preHandler }, (req) =>
    listArchivedCampaigns(ctx.db, req.user.id),
  );
  r.get('/api/campaigns/:id', { schema: { params: idParams, response: one }, preHandler }, (req) =>
    getCampaign(ctx.db, req.user.id, req.params.id),
  );
  r.post('/api/campaigns', { schema: { body: saveCampaignBody, response: one }, preHandler }, (req) =>
    createCampaign(ctx.db, req.user.id, req.body),
  );
  r.put(
    '/api/campaigns/:id',
    { schema: { params: idParams, body: saveCampaignBody, response: one }, preHandler },
    (req) => editCampaign(ctx.db, req.user.id, req.params.id, req.body),
  );
  r.delete(
    '/api/campaigns/:id',
    { schema: { params: idParams, response: { 200: okReply } }, preHandler },
    async (req) => {
      await removeCampaign(ctx.db, req.user.id, req.params.id);
      return { ok: true as const };
    },
  );
  r.post('/api/campaigns/:id/archive', { schema: { params: idParams, response: one }, preHandler }, (req) =>
    archiveCampaign(ctx.db, req.user.id, req.params.id, true),
  );
  r.post('/api/campaigns/:id/restore', { schema: { params: idParams, response: one }, preHandler }, (req) =>
    archiveCampaign(ctx.db, req.user.id, req.params.id, false),
  );

  r.get(
    '/api/campaigns/:id/emails',
    { schema: { params: idParams, querystring: pageQuery, response: { 200: emailPage } }, preHandler },
    (req) => listCampaignEmails(ctx.db, req.user.id, req.params.id, req.query),
  );
  r.get(
    '/api/campaigns/:id/recipients',
    { schema: { params: idParams, querystring: pageQuery, response: { 200: page(recipient) } }, preHandler },
    (req) => listCampaignRecipients(ctx.db, req.user.id, req.params.id, req.query),
  );
  r.get(
    '/api/campaigns/:id/daily-stats',
    { schema: { params: idParams, response: { 200: campaignDailyStats } }, preHandler },
    (req) => campaignDailyStatsFor(ctx.db, req.user, req.params.id),
  );

  r.post(
    '/api/automap-columns',
    { schema: { body: automapBody, response: { 200: automapReply } }, preHandler },
    (req) => automapColumns(ctx.ai, req.body.variables, req.body.columns),
  );

  uploadCsvRoute(app, ctx);
  generationRoutes(app, ctx);
}
