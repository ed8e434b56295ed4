import { api } from '../../contract/api';
import type { AppContext } from '../context';
import {
  changeWebhookEndpoint,
  createWebhookEndpoint,
  removeWebhookEndpoint,
  replayFailedWebhooks,
  replayWebhookDelivery,
  rotateWebhookSecret,
  webhookDeliveriesOf,
  webhookDeliveryOf,
  webhookEndpointsOf,
} from '../services/webhooks/endpoints';
import type { AppInstance } from './app-instance';
import { routeServer } from './serve';

/** A workspace's webhook endpoints and their delivery logs (owners; see the API table). */
export function webhookRoutes(app: AppInstance, ctx: AppContext) {
  const serve = routeServer(app, ctx);
  const w = api.webhooks;
  serve(w.list, (req) => webhookEndpointsOf(ctx.db, req.member.workspaceId, ctx.clock()));
  serve(w.create, (req) => createWebhookEndpoint(ctx.db, ctx.tokens, req.member, req.body, ctx.clock()));
  serve(w.update, async (req) => {
    const endpoint = await changeWebhookEndpoint(
      ctx.db,
      req.member.workspaceId,
      req.params.id,
      req.body,
      ctx.clock(),
    );
    ctx.webhooks.wake();
    return endpoint;
  });
  serve(w.remove, async (req) => {
    await removeWebhookEndpoint(ctx.db, req.member.workspaceId, req.params.id);
    return { ok: true as const };
  });
  serve(w.rotateSecret, (req) =>
    rotateWebhookSecret(ctx.db, ctx.tokens, req.member.workspaceId, req.params.id, ctx.clock()),
  );
  serve(w.deliveries, (req) => webhookDeliveriesOf(ctx.db, req.member.workspaceId, req.params.id, req.query));
  serve(w.delivery, (req) =>
    webhookDeliveryOf(ctx.db, req.member.workspaceId, req.params.id, req.params.deliveryId),
  );
  serve(w.replay, async (req) => {
    const { id, deliveryId } = req.params;
    const replayed = await replayWebhookDelivery(ctx.db, req.member.workspaceId, id, deliveryId, ctx.clock());
    ctx.webhooks.wake();
    return replayed;
  });
  serve(w.replayFailed, async (req) => {
    const replayed = await replayFailedWebhooks(
      ctx.db,
      req.member.workspaceId,
      req.params.id,
      req.body,
      ctx.clock(),
    );
    ctx.webhooks.wake();
    return replayed;
  });
}
