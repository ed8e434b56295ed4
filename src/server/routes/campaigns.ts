import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { campaign } from '../../contract/campaigns';
import { requireUser } from '../auth/require-user';
import type { AppContext } from '../context';
import { listCampaigns } from '../services/campaigns';
import type { AppInstance } from './app-instance';

export function campaignRoutes(app: AppInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const preHandler = requireUser(ctx);

  r.get('/api/campaigns', { schema: { response: { 200: z.array(campaign) } }, preHandler }, (request) =>
    listCampaigns(ctx.db, request.user.id),
  );
}
