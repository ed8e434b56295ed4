import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { emails } from '../src/server/db/schema';
import { createWebhookEndpoint } from '../src/server/services/webhooks/endpoints';
import { createReadyCampaign, createUser, personalWorkspaceOf } from '../test/support/factories';
import { benchDatabases, startBenchApp } from './bench-app';
import { type BenchResult, median, report } from './support';

/**
 * Webhook deliveries against the same run's ceiling. Throughput: WEBHOOK_EVENTS (100,000) events
 * already waiting are delivered to a local receiver that answers at once; the ceiling is a bare
 * loop POSTing the same bodies to the same receiver at the same concurrency (keep-alive, no
 * database, no signing), and the figure is its time over ours (goal ≥ 0.5), the median of
 * WEBHOOK_ROUNDS (3) such pairs, since this machine's neighbours move single runs by ±20 %. Latency: emails fail
 * at 500 a second for WEBHOOK_LATENCY_SECONDS (10), each change's event reported by the trigger
 * and delivered by the worker; p95 from the change's commit to its arrival (goal under 1 s).
 */
const EVENTS = Number(process.env.WEBHOOK_EVENTS ?? 100_000);
const RATE = 500;
const LATENCY_SECONDS = Number(process.env.WEBHOOK_LATENCY_SECONDS ?? 10);
const ROUNDS = Number(process.env.WEBHOOK_ROUNDS ?? 3);
const results: BenchResult[] = [];

/** A receiver as fast as a receiver can be: reads the body, answers 204, notes when each arrived. */
async function startReceiver() {
  const arrivals: { at: number; body: string }[] = [];
  let waiting: { count: number; resolve: () => void } | null = null;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      arrivals.push({ at: performance.now(), body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(204).end();
      if (waiting && arrivals.length >= waiting.count) waiting.resolve();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    arrivals,
    until: (count: number) =>
      new Promise<void>((resolve) => {
        if (arrivals.length >= count) resolve();
        else waiting = { count, resolve };
      }),
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

/** The ceiling: the same bodies POSTed by `concurrency` loops over keep-alive connections. */
async function barePostLoop(url: string, bodies: string[], concurrency: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  let next = 0;
  const post = (body: string) =>
    new Promise<void>((resolve, reject) => {
      const req = http.request(url, {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      });
      req.on('response', (res) => res.resume().on('end', resolve));
      req.on('error', reject);
      req.end(body);
    });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < bodies.length) await post(bodies[next++]!);
    }),
  );
  agent.destroy();
  return performance.now() - started;
}

for (const kind of await benchDatabases()) {
  const receiver = await startReceiver();
  const app = await startBenchApp(kind, { WEBHOOK_ALLOWED_NETWORKS: '127.0.0.1' });
  const { db } = app.ctx;
  const concurrency = app.ctx.config.webhooks.concurrency;
  try {
    const user = await createUser(db, { email: 'hooks@bench.example' });
    const workspaceId = await personalWorkspaceOf(db, user.id);
    await createWebhookEndpoint(
      db,
      app.ctx.tokens,
      { workspaceId, userId: user.id },
      { url: receiver.url, description: '', eventTypes: [] },
      new Date(),
    );

    // Throughput: every event written (held back), then all made due at once.
    const ratios: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      // As the embedded database's periodic job keeps it (the rounds before left 100,000 settled
      // deliveries each); nothing on PostgreSQL, whose autovacuum does it.
      await app.ctx.database.vacuum();
      await db.transaction(async (tx) => {
        for (let from = 0; from < EVENTS; from += 10_000)
          await tx.execute(sql`
            insert into webhook_events (workspace_id, type, data)
            select ${workspaceId}::int, 'email.sent', jsonb_build_object('workspaceId', ${workspaceId}::int, 'campaignId', 1,
              'emailId', g, 'recipient', 'reader' || g || '@example.com', 'step', 1, 'mailboxId', 1,
              'messageId', '<tailor.' || g || '.abcdef@mail.example.com>')
            from generate_series(${from + 1}::int, ${Math.min(from + 10_000, EVENTS)}::int) g`);
        await tx.execute(
          sql`update webhook_deliveries set next_attempt_at = 'infinity' where state = 'pending'`,
        );
      });
      const started = performance.now();
      await db.execute(sql`update webhook_deliveries set next_attempt_at = now() where state = 'pending'`);
      app.ctx.webhooks.wake();
      await receiver.until(EVENTS);
      const oursMs = performance.now() - started;
      const bodies = receiver.arrivals.map((a) => a.body);
      receiver.arrivals.length = 0;
      const bareMs = await barePostLoop(receiver.url, bodies, concurrency);
      receiver.arrivals.length = 0;
      ratios.push(bareMs / oursMs);
      console.log(
        `${kind} round ${round}/${ROUNDS}: ${EVENTS} deliveries in ${Math.round(oursMs)} ms; the bare loop in ${Math.round(bareMs)} ms (concurrency ${concurrency}), ratio ${(bareMs / oursMs).toFixed(2)}`,
      );
    }
    results.push({
      metric: `${EVENTS} deliveries, bare POST loop's time over ours (median of ${ROUNDS})`,
      db: kind,
      value: median(ratios),
      unit: 'ratio',
      goal: 0.5,
      higherIsBetter: true,
    });

    // Latency: changes at RATE a second, each a status change whose trigger writes its event.
    const count = RATE * LATENCY_SECONDS;
    const campaign = await createReadyCampaign(db, user.id, count);
    await db.update(emails).set({ status: 'sending' }).where(eq(emails.campaignId, campaign.id));
    const { rows } = (await db.execute(
      sql`select id from emails where campaign_id = ${campaign.id} order by id`,
    )) as unknown as { rows: { id: number }[] };
    const changedAt = new Map<number, number>();
    const perTick = RATE / 100;
    const begun = performance.now();
    for (let i = 0; i < rows.length; i += perTick) {
      const ids = rows.slice(i, i + perTick).map((r) => Number(r.id));
      await db.execute(sql`
        update emails set status = 'failed', error_message = 'bench'
        where id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`);
      const at = performance.now();
      for (const id of ids) changedAt.set(id, at);
      // Ten milliseconds a tick, kept to the wall clock so a slow statement does not lower the rate.
      const due = begun + ((i + perTick) / RATE) * 1000;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
    const achievedRate = count / ((performance.now() - begun) / 1000);
    await receiver.until(count);
    const latencies = receiver.arrivals
      .map((a) => {
        const { data } = JSON.parse(a.body) as { data: { emailId: number } };
        return a.at - changedAt.get(data.emailId)!;
      })
      .sort((a, b) => a - b);
    const p95 = latencies[Math.floor(latencies.length * 0.95)]!;
    console.log(
      `${kind}: ${count} changes at ${Math.round(achievedRate)}/s; change to delivery p50 ${Math.round(latencies[Math.floor(latencies.length / 2)]!)} ms, p95 ${Math.round(p95)} ms`,
    );
    results.push({
      metric: `change to delivery p95 at ${RATE} events/s`,
      db: kind,
      value: p95,
      unit: 'ms',
      goal: 1000,
      higherIsBetter: false,
    });
  } finally {
    await app.close();
    receiver.close();
  }
}
report('webhooks', results);
