import type { AppContext } from '../../context';
import { createAddressGuard } from '../../lib/address-guard';
import { releaseClaims } from '../../queries/webhook-deliveries';
import { startWebhookDispatcher, type WebhookDispatcher } from './dispatcher';
import { createPoster } from './post-webhook';

/** A worker process's webhook deliveries, with the address guard and timeouts of the configuration. */
export async function startWebhookWorker(
  ctx: AppContext,
): Promise<WebhookDispatcher & { close(): Promise<void> }> {
  const { allowedNetworks, timeoutMs, concurrency } = ctx.config.webhooks;
  if (ctx.database.kind === 'pglite') await releaseClaims(ctx.db, ctx.clock());
  const poster = createPoster(createAddressGuard(allowedNetworks), timeoutMs, concurrency);
  const dispatcher = startWebhookDispatcher({
    db: ctx.db,
    clock: ctx.clock,
    tokens: ctx.tokens,
    poster,
    concurrency,
    timeoutMs,
    log: ctx.log,
  });
  return {
    ...dispatcher,
    async close() {
      await dispatcher.stop();
      poster.close();
    },
  };
}
