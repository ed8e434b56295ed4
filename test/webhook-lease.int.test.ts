import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookDeliveries } from '../src/server/db/schema';
import { claimDueDeliveries } from '../src/server/queries/webhook-deliveries';
import { startWebhookDispatcher } from '../src/server/services/webhooks/dispatcher';
import { createWebhookEndpoint } from '../src/server/services/webhooks/endpoints';
import type { PostOutcome } from '../src/server/services/webhooks/post-webhook';
import { createUser, personalWorkspaceOf } from './support/factories';
import { waitUntil } from './support/http-client';
import { startTestApp, type TestApp, testDatabases } from './support/test-app';

/**
 * A claim is a short lease that the worker holding the delivery renews: a POST that takes longer
 * than the lease is not taken over by another worker (which would send it twice), and it is
 * recorded once when it ends.
 */
describe.each(testDatabases())('webhook claims (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    // Only the web role: the test runs the dispatcher itself, with its own clock and poster.
    t = await startTestApp(kind, {}, { role: 'web' });
  });
  afterAll(() => t.close());

  it('are renewed while the POST runs, so no other worker takes them, and settle once', async () => {
    const { db } = t.ctx;
    const user = await createUser(db, { email: `lease-${kind}@example.com` });
    const workspaceId = await personalWorkspaceOf(db, user.id);
    await createWebhookEndpoint(
      db,
      t.ctx.tokens,
      { workspaceId, userId: user.id },
      { url: 'https://hooks.example.com/in', description: '', eventTypes: [] },
      new Date(),
    );
    await db.execute(
      sql`insert into webhook_events (workspace_id, type, data) values (${workspaceId}, 'email.sent', '{"n":1}'::jsonb)`,
    );
    let now = new Date(Date.now() + 1000);
    const posts: ((outcome: PostOutcome) => void)[] = [];
    const lease = 600;
    const dispatcher = startWebhookDispatcher({
      db,
      clock: () => now,
      tokens: t.ctx.tokens,
      poster: { post: () => new Promise((resolve) => posts.push(resolve)), close() {} },
      concurrency: 1,
      timeoutMs: 100,
      leaseMs: lease,
      log: pino({ level: 'silent' }),
    });
    try {
      dispatcher.wake();
      await waitUntil(async () => posts.length === 1, 10_000, 'the POST to start');
      const row = async () => (await db.select().from(webhookDeliveries))[0]!;
      expect(await row()).toMatchObject({ inFlight: true, attempts: 1 });

      // Ten minutes of the app's clock pass while the POST hangs: the lease moves with them.
      now = new Date(now.getTime() + 600_000);
      await waitUntil(
        async () => (await row()).nextAttemptAt.getTime() >= now.getTime() + lease,
        10_000,
        'the lease to be renewed',
      );
      // Another worker finds nothing due.
      const other = await claimDueDeliveries(db, now, new Date(now.getTime() + lease), 10);
      expect(other.deliveries).toEqual([]);

      posts[0]!({
        status: 204,
        error: null,
        responseExcerpt: '',
        retryAfterSeconds: null,
        durationMs: 600_000,
      });
      await waitUntil(async () => (await row()).state === 'delivered', 10_000, 'the delivery to settle');
      const settled = await row();
      expect(settled).toMatchObject({ inFlight: false, attempts: 1, lastStatus: 204 });
      expect(settled.log).toHaveLength(1);
      expect(posts).toHaveLength(1);
    } finally {
      // A failed run leaves its POST hanging: end it, or the stop waits for it.
      for (const answer of posts)
        answer({ status: 503, error: null, responseExcerpt: '', retryAfterSeconds: null, durationMs: 0 });
      await dispatcher.stop();
    }
  });
});
