import crypto from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_WINDOW_HOURS,
  IDEMPOTENCY_WINDOW_MS,
  IDEMPOTENT_REPLAYED_HEADER,
  INVALID_IDEMPOTENCY_KEY_MESSAGE,
  readIdempotencyKey,
} from '../../contract/idempotency';
import type { RouteDef } from '../../contract/route';
import type { AppContext } from '../context';
import {
  claimIdempotencyKey,
  type IdempotencyCaller,
  releaseIdempotencyKey,
  renewIdempotencyLease,
  type StoredAnswer,
  saveIdempotentAnswer,
} from '../queries/idempotency-keys';
import { keyScope, requestFingerprint } from './fingerprint';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set on a route that honours Idempotency-Key when the request carries one. */
    idempotency?: IdempotentRun;
  }
}

type IdempotentRun = {
  key: string;
  /** The body and query as sent, before the route's schemas reshaped them (defaults, trimming). */
  sent: { body: unknown; query: unknown };
  /**
   * For a route that claims the key in its handler (a multipart upload, whose body is read
   * there): claims it with what stands for the body; 'answered' when the reply is sent already.
   */
  claimWith(body: unknown, reply: FastifyReply): Promise<'act' | 'answered'>;
  /** The claim this run holds while it acts; none when its answer is a replay or a refusal of the key. */
  claim?: { id: number; claimToken: string; stopLease(): void };
};

/** A run holds its key this long, renewed every third of it while it runs; past it with no answer it is dead. */
const LEASE_MS = 60_000;
/** Answer headers that are part of the answer (kept and replayed); the rest belong to the moment. */
const KEPT_HEADERS = ['content-type', 'location'];

/**
 * The hooks of a route marked `idempotencyKey` (docs/decisions/0017). They run after the access
 * check, so a key never lets anyone past it: `readKey` (preValidation) checks the header and keeps
 * the body as sent; `claim` (preHandler, after the schemas) claims the key, replays its answer or
 * waits for the run that holds it; `store` (onSend) keeps the answer, or frees the key when the
 * answer says nothing was done (5xx, 429). `claimInHandler`: the handler claims it (claimWith).
 */
export function idempotencyHooks(ctx: AppContext, def: RouteDef, opts: { claimInHandler?: boolean } = {}) {
  async function settle(request: FastifyRequest, reply: FastifyReply, body: unknown) {
    const run = request.idempotency!;
    const caller = callerOf(request, run.key);
    const fingerprint = requestFingerprint({
      method: request.method,
      path: request.url.split('?')[0]!,
      query: run.sent.query,
      body,
    });
    const giveUpAt = Date.now() + ctx.config.idempotencyWaitMs;
    for (let pause = 50; ; pause = Math.min(pause * 2, 500)) {
      const found = await claimIdempotencyKey(ctx.db, caller, {
        fingerprint,
        claimToken: crypto.randomUUID(),
        now: ctx.clock(),
        leaseMs: LEASE_MS,
        windowMs: IDEMPOTENCY_WINDOW_MS,
      });
      if (found.kind === 'claimed') {
        run.claim = { id: found.id, claimToken: found.claimToken, stopLease: keepLease(ctx, request, found) };
        return 'act' as const;
      }
      if (found.fingerprint !== fingerprint) {
        reply.code(422).send({
          error: 'unprocessable',
          message:
            `This Idempotency-Key was used with a different request in the last ${IDEMPOTENCY_WINDOW_HOURS} hours ` +
            '(another path or body): use a new key for a new request',
        });
        return 'answered' as const;
      }
      if (found.kind === 'answered') {
        replay(ctx, reply, found.answer);
        return 'answered' as const;
      }
      // The first request is still running, here or on another process: wait for its answer.
      if (Date.now() + pause > giveUpAt) {
        reply.code(409).header('retry-after', '1').send({
          error: 'conflict',
          message: 'A request with this Idempotency-Key is still being handled: try again shortly',
        });
        return 'answered' as const;
      }
      await delay(pause);
    }
  }

  return {
    async readKey(request: FastifyRequest, reply: FastifyReply) {
      const key = readIdempotencyKey(request.headers[IDEMPOTENCY_KEY_HEADER]);
      if (key === null) return;
      if (key === 'invalid') {
        return reply.code(400).send({ error: 'bad_request', message: INVALID_IDEMPOTENCY_KEY_MESSAGE });
      }
      request.idempotency = {
        key,
        sent: { body: request.body, query: request.query },
        claimWith: (body, to) => settle(request, to, body),
      };
    },

    async claim(request: FastifyRequest, reply: FastifyReply) {
      if (!request.idempotency || opts.claimInHandler) return;
      const outcome = await request.idempotency.claimWith(request.idempotency.sent.body, reply);
      if (outcome === 'answered') return reply;
    },

    async store(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
      const claim = request.idempotency?.claim;
      if (!claim) return payload;
      claim.stopLease();
      // The answer goes out whatever happens here: the action is done, and a key left without
      // an answer is taken over once its lease runs out.
      try {
        await keepAnswer(ctx, claim, reply, payload);
      } catch (err) {
        request.log.error({ err, route: def.path }, 'could not keep the answer of an idempotency key');
      }
      return payload;
    },

    /** Whatever way the request ended (a client that hung up too), the lease stops being renewed. */
    async stop(request: FastifyRequest) {
      request.idempotency?.claim?.stopLease();
    },
  };
}

/** Whose key it is: the workspace (none on a person's own routes), the token or the person, and the route. */
function callerOf(request: FastifyRequest, key: string): IdempotencyCaller {
  const workspaceId = request.member?.workspaceId ?? null;
  const apiTokenId = request.apiTokenId ?? null;
  const userId = request.user.id;
  const route = request.routeOptions.url ?? request.url;
  return {
    scope: keyScope({
      workspaceId,
      caller: apiTokenId === null ? { userId } : { apiTokenId },
      method: request.method,
      route,
      key,
    }),
    workspaceId,
    userId,
    apiTokenId,
  };
}

/**
 * Keeps the answer for the key's later requests, or frees the key when the answer says nothing
 * was done: a 5xx failed on our side and a 429 was turned away, so the retry should act. A
 * stream cannot be kept to replay, so it frees the key too.
 */
async function keepAnswer(
  ctx: AppContext,
  claim: { id: number; claimToken: string },
  reply: FastifyReply,
  payload: unknown,
) {
  const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString() : null;
  if (reply.statusCode >= 500 || reply.statusCode === 429 || (body === null && payload != null)) {
    await releaseIdempotencyKey(ctx.db, claim);
    return;
  }
  const headers: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const value = reply.getHeader(name);
    if (value !== undefined) headers[name] = String(value);
  }
  // Sealed: some answers hold a secret shown once (a new API token, a webhook signing secret, an
  // invitation link), and any may hold recipients' data.
  const saved = await saveIdempotentAnswer(ctx.db, claim, {
    status: reply.statusCode,
    headers,
    body: ctx.tokens.encrypt(body ?? ''),
  });
  if (!saved) reply.log.warn('idempotency key taken over before its answer was kept');
}

function replay(ctx: AppContext, reply: FastifyReply, answer: StoredAnswer) {
  let body: string;
  try {
    body = ctx.tokens.decrypt(answer.body);
  } catch {
    // SECRET_KEY changed without rotate-secret: what was done stands, its answer is gone.
    return reply.code(409).send({
      error: 'conflict',
      message:
        'The request with this Idempotency-Key was carried out, but its answer can no longer be read ' +
        "(the server's SECRET_KEY changed): look up its result, or use a new key to ask again",
    });
  }
  reply.code(answer.status);
  for (const [name, value] of Object.entries(answer.headers)) reply.header(name, value);
  // A string with a JSON type is sent as it is: the first answer, byte for byte.
  return reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true').send(body);
}

/** Renews the claim's lease while the run goes on; answers how to stop. */
function keepLease(ctx: AppContext, request: FastifyRequest, claim: { id: number; claimToken: string }) {
  const timer = setInterval(() => {
    renewIdempotencyLease(ctx.db, claim, new Date(ctx.clock().getTime() + LEASE_MS)).catch((err: unknown) =>
      request.log.warn({ err }, 'could not renew an idempotency key lease'),
    );
  }, LEASE_MS / 3);
  timer.unref();
  return () => clearInterval(timer);
}
