import { api } from '../../contract/api';
import type { AppContext } from '../context';
import { campaignSequenceOf, stepStatsOf, stopRecipient, stopSequence } from '../services/sequences';
import type { AppInstance } from './app-instance';
import { routeServer } from './serve';

/** Follow-up sequences: where each recipient stands, and stopping one or all. Another user's ids are 404s. */
export function sequenceRoutes(app: AppInstance, ctx: AppContext) {
  const serve = routeServer(app, ctx);

  serve(api.campaigns.sequence, (req) =>
    campaignSequenceOf(ctx.db, req.member.workspaceId, req.params.id, req.query.limit, req.query.offset),
  );
  serve(api.campaigns.stopRecipient, (req) =>
    stopRecipient(ctx.db, req.member.workspaceId, req.params.id, req.params.recipientId),
  );
  serve(api.campaigns.stopSequence, (req) => stopSequence(ctx.db, req.member.workspaceId, req.params.id));
  serve(api.campaigns.stepStats, (req) => stepStatsOf(ctx.db, req.member.workspaceId, req.params.id));
}
