import { api } from '../../contract/api';
import { requireUser } from '../auth/require-user';
import type { AppContext } from '../context';
import { campaignSequenceOf, stepStatsOf, stopRecipient, stopSequence } from '../services/sequences';
import type { AppInstance } from './app-instance';
import { serve } from './serve';

/** Follow-up sequences: where each recipient stands, and stopping one or all. Another user's ids are 404s. */
export function sequenceRoutes(app: AppInstance, ctx: AppContext) {
  const signedIn = { preHandler: requireUser(ctx) };

  serve(app, api.campaigns.sequence, signedIn, (req) =>
    campaignSequenceOf(ctx.db, req.user.id, req.params.id, req.query.limit, req.query.offset),
  );
  serve(app, api.campaigns.stopRecipient, signedIn, (req) =>
    stopRecipient(ctx.db, req.user.id, req.params.id, req.params.recipientId),
  );
  serve(app, api.campaigns.stopSequence, signedIn, (req) => stopSequence(ctx.db, req.user.id, req.params.id));
  serve(app, api.campaigns.stepStats, signedIn, (req) => stepStatsOf(ctx.db, req.user.id, req.params.id));
}
