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
  /** After a change that may have made deliveries due: this process's worker looks at once. */
  const thenLook = async <T>(change: Promise<T>) => {
    const result = await change;
    ctx.webhooks.wake();
    return result;
  };
  serve(w.list, (req) => webhookEndpointsOf(ctx.db, req.member.workspaceId, ctx.clock()));
  serve(w.create, (req) => createWebhookEndpoint(ctx.db, ctx.tokens, req.member, req.body, ctx.clock()));
  serve(w.update, (req) =>
    thenLook(changeWebhookEndpoint(ctx.db, req.member.workspaceId, req.params.id, req.body, ctx.clock())),
  );
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
  serve(w.replay, (req) =>
    thenLook(
      replayWebhookDelivery(
        ctx.db,
        req.member.workspaceId,
        req.params.id,
        req.params.deliveryId,
        ctx.clock(),
      ),
    ),
  );
  serve(w.replayFailed, (req) =>
    thenLook(replayFailedWebhooks(ctx.db, req.member.workspaceId, req.params.id, req.body, ctx.clock())),
  );
}
