import { WEBHOOK_RETRY_DELAYS } from '../../../contract/webhooks';
import type { TokenCipher } from '../../auth/token-cipher';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import {
  anyDeliveryDue,
  type ClaimedDelivery,
  type ClaimedEndpoint,
  claimDueDeliveries,
  disableEndpoints,
  releaseDeliveries,
  renewClaims,
  type Settlement,
  settleDeliveries,
} from '../../queries/webhook-deliveries';
import type { Poster, PostOutcome } from './post-webhook';
import { signWebhook } from './signature';

/** How often an idle worker looks for due deliveries (a change made in another process waits this long). */
const POLL_MS = 200;
/** Results are written in batches: at most this many, or after this long. */
const FLUSH_SIZE = 500;
const FLUSH_MS = 50;
/** Answers Retry-After may ask for are capped: a day, the schedule's longest wait. */
const MAX_RETRY_AFTER_SECONDS = 86_400;

export type DispatcherDeps = {
  db: Db;
  clock: Clock;
  tokens: TokenCipher;
  poster: Poster;
  concurrency: number;
  timeoutMs: number;
  /** How long a claim holds before it is renewed or runs out; tests shorten it. */
  leaseMs?: number;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
};

/**
 * Delivers webhook events in a worker process: claims due deliveries while fewer than
 * `concurrency` are in flight, POSTs each signed, and writes the outcomes in batches. A claim is
 * a lease a little longer than a POST can take, renewed while this worker holds the delivery
 * (queued or posting), so a worker killed mid-POST leaves it to be claimed again soon, under
 * the same `webhook-id`, while a live one's large batches never run out.
 */
export function startWebhookDispatcher(deps: DispatcherDeps) {
  const { db, clock, concurrency } = deps;
  // Large claims: at thousands a second, one statement per few hundred deliveries keeps the
  // claims from falling behind the POSTs.
  const batch = 32 * concurrency;
  // A POST that times out, its outcome written, and a renewal missed, with room to spare.
  const leaseMs = deps.leaseMs ?? 2 * deps.timeoutMs + 30_000;
  /** Deliveries claimed here and not yet settled in the database: their leases are renewed. */
  const held = new Set<number>();
  const renewals = setInterval(() => {
    if (held.size === 0) return;
    renewClaims(db, [...held], new Date(clock().getTime() + leaseMs)).catch((err) =>
      deps.log.warn({ err }, 'renewing claimed webhook deliveries failed'),
    );
  }, leaseMs / 3).unref();
  let running = true;
  let inFlight = 0;
  let wakeUp: (() => void) | null = null;
  // A wake while the loop is busy (claiming) is remembered, so the next pause returns at once
  // instead of idling free slots until the next look.
  let woken = false;
  const wake = () => {
    woken = true;
    wakeUp?.();
  };
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      if (woken) {
        woken = false;
        return resolve();
      }
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wakeUp = null;
        woken = false;
        resolve();
      }
      wakeUp = done;
    });

  let pending: Settlement[] = [];
  const disabling = new Map<number, string>();
  let flushing: Promise<void> = Promise.resolve();
  let flushTimer: NodeJS.Timeout | null = null;
  const flush = () => {
    if (flushTimer) clearTimeout(flushTimer);
    flushTimer = null;
    const outcomes = pending;
    const gone = [...disabling.entries()];
    pending = [];
    disabling.clear();
    flushing = flushing.then(async () => {
      try {
        await settleDeliveries(db, outcomes);
        for (const [endpointId, reason] of gone) await disableEndpoints(db, [endpointId], reason);
      } catch (err) {
        // Not lost: their claims run out and they are sent again, under the same webhook-id.
        deps.log.error({ err, deliveries: outcomes.length }, 'recording webhook deliveries failed');
      } finally {
        for (const settled of outcomes) held.delete(settled.id);
      }
    });
  };
  const record = (settlement: Settlement) => {
    pending.push(settlement);
    if (pending.length >= FLUSH_SIZE) flush();
    else flushTimer ??= setTimeout(flush, FLUSH_MS);
  };

  // Decrypted once per sealed secret, not once per delivery (a rotation seals a new one).
  const opened = new Map<string, string>();
  const open = (sealed: string) => {
    let secret = opened.get(sealed);
    if (secret === undefined) {
      if (opened.size > 1000) opened.clear();
      secret = deps.tokens.decrypt(sealed);
      opened.set(sealed, secret);
    }
    return secret;
  };
  const secretsOf = (endpoint: ClaimedEndpoint) =>
    [endpoint.secretEnc, endpoint.previousSecretEnc].filter((s): s is string => s !== null).map(open);

  async function deliver({ delivery, endpoint }: Claimed) {
    const { body } = delivery;
    // The real time, not the app's clock: receivers refuse timestamps far from their own.
    const timestamp = Math.floor(Date.now() / 1000);
    let signature: string;
    try {
      signature = signWebhook(secretsOf(endpoint), delivery.messageId, timestamp, body);
    } catch {
      // A failed attempt like any other (retried, then given up), not a claim left to run out forever.
      const error = 'the signing secret cannot be read (SECRET_KEY changed without rotate-secret?)';
      const unsigned = { status: null, error, responseExcerpt: '', retryAfterSeconds: null, durationMs: 0 };
      return record(settlementOf(delivery, unsigned, clock()));
    }
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'Tailor-Webhooks/1',
      'webhook-id': delivery.messageId,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signature,
    };
    const outcome = await deps.poster.post(endpoint.url, headers, body);
    if (outcome.status === 410)
      disabling.set(delivery.endpointId, `It answered 410 Gone on ${new Date().toUTCString()}`);
    record(settlementOf(delivery, outcome, clock()));
  }

  // Claimed deliveries waiting for a free slot. Claims are made a batch at a time (one statement
  // per batch, not per delivery) and ahead of need, while the slots are still busy, so a slot
  // that frees never waits for the database.
  const queue: Claimed[] = [];
  /** Whether the last claim filled its batch: then more is probably due. */
  let moreDue = false;
  let claiming: Promise<void> | null = null;
  const fill = () => {
    while (running && inFlight < concurrency && queue.length > 0) start(queue.shift()!);
    if (running && moreDue && queue.length < batch / 2) claim();
  };
  const start = (claimed: Claimed) => {
    inFlight++;
    deliver(claimed)
      .catch((err) => {
        deps.log.error({ err, delivery: claimed.delivery.id }, 'webhook delivery failed');
        // No outcome to write: its lease runs out and it is tried again.
        held.delete(claimed.delivery.id);
      })
      .finally(() => {
        inFlight--;
        fill();
      });
  };
  const claim = () => {
    if (claiming) return claiming;
    const want = batch - queue.length;
    if (!running || want <= 0) return Promise.resolve();
    // Set before the statement's answer can clear it: the body always awaits first.
    claiming = (async () => {
      try {
        const now = clock();
        const claimed = await claimDueDeliveries(db, now, new Date(now.getTime() + leaseMs), want);
        for (const delivery of claimed.deliveries) {
          held.add(delivery.id);
          queue.push({ delivery, endpoint: claimed.endpoints.get(delivery.endpointId)! });
        }
        moreDue = claimed.deliveries.length === want;
      } catch (err) {
        moreDue = false;
        deps.log.warn({ err }, 'looking for due webhook deliveries failed');
      } finally {
        claiming = null;
      }
      fill();
    })();
    return claiming;
  };
  /** An idle worker asks first whether anything is due, which costs far less than claiming nothing. */
  const look = async () => {
    if (queue.length === 0 && inFlight === 0) {
      const due = await anyDeliveryDue(db, clock()).catch((err) => {
        deps.log.warn({ err }, 'looking for due webhook deliveries failed');
        return false;
      });
      if (!due) return;
    }
    await claim();
  };
  // The look for due deliveries when idle: at each poll, or at once when woken.
  const loop = (async () => {
    while (running) {
      await look();
      if (running) await pause(POLL_MS);
    }
  })();

  return {
    /** Look for due deliveries now (a change in this process, or a test moved the clock). */
    wake,
    /** Stops claiming, waits for the deliveries in flight and writes their outcomes. */
    async stop() {
      running = false;
      clearInterval(renewals);
      wake();
      await loop;
      await claiming;
      // Claimed but never started: due again at once, their claim not counted as an attempt.
      await releaseDeliveries(
        db,
        queue.splice(0).map((c) => c.delivery.id),
        clock(),
      ).catch((err) => deps.log.warn({ err }, 'handing back claimed webhook deliveries failed'));
      while (inFlight > 0) await pause(POLL_MS);
      flush();
      await flushing;
    },
  };
}

export type WebhookDispatcher = ReturnType<typeof startWebhookDispatcher>;

/** A claimed delivery with the endpoint it goes to. */
type Claimed = { delivery: ClaimedDelivery; endpoint: ClaimedEndpoint };

/**
 * The rule book for one attempt: a 2xx answer delivers; 410 Gone gives up (and turns the endpoint
 * off); anything else waits the schedule's next delay, or what Retry-After asked for on a 429,
 * 502, 503 or 504, and gives up once the schedule is spent.
 */
export function settlementOf(
  delivery: Pick<ClaimedDelivery, 'id' | 'attempt'>,
  outcome: PostOutcome,
  now: Date,
) {
  const base = {
    id: delivery.id,
    attempt: delivery.attempt,
    attemptedAt: new Date(),
    status: outcome.status,
    error:
      outcome.error ?? (outcome.status !== null && !ok(outcome.status) ? `HTTP ${outcome.status}` : null),
    responseExcerpt: outcome.responseExcerpt,
    durationMs: outcome.durationMs,
  };
  if (outcome.status !== null && ok(outcome.status))
    return { ...base, error: null, state: 'delivered', nextAttemptAt: null } satisfies Settlement;
  const delay = WEBHOOK_RETRY_DELAYS[delivery.attempt - 1];
  if (outcome.status === 410 || delay === undefined)
    return { ...base, state: 'failed', nextAttemptAt: null } satisfies Settlement;
  const seconds =
    outcome.retryAfterSeconds !== null ? Math.min(outcome.retryAfterSeconds, MAX_RETRY_AFTER_SECONDS) : delay;
  return {
    ...base,
    state: 'pending',
    nextAttemptAt: new Date(now.getTime() + seconds * 1000),
  } satisfies Settlement;
}

const ok = (status: number) => status >= 200 && status < 300;
