import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { cleanUpRateLimitCounters } from '../../src/server/auth/rate-limit-store';
import { closeContext, createContext } from '../../src/server/bootstrap';
import type { AppContext } from '../../src/server/context';
import { rateLimitCounters } from '../../src/server/db/schema';
import { startTestApp, type TestApp, testDatabases } from '../support/test-app';

const LIMIT = 4;

/**
 * Sign-in is rate-limited per client address, counted in the database so that several web
 * processes behind a load balancer share one limit instead of each allowing the full quota.
 */
describe.each(testDatabases())('sign-in rate limit shared between web processes (%s)', (kind) => {
  let t: TestApp;
  let otherCtx: AppContext | null = null;
  let other: FastifyInstance;
  beforeAll(async () => {
    t = await startTestApp(kind, { AUTH_RATE_LIMIT_PER_MINUTE: String(LIMIT) });
    // On PostgreSQL the second web process is a real one: its own pool and job queue on the same
    // database. PGlite allows one process per data folder, so there the second app shares the
    // context: still two rate-limit plugins that would each count alone with an in-memory store.
    if (kind === 'postgres') otherCtx = await createContext(t.ctx.config, 'web', pino({ level: 'silent' }));
    other = await buildApp(otherCtx ?? t.ctx, { serveClient: false });
    await other.ready();
  });
  afterAll(async () => {
    await other.close();
    if (otherCtx) await closeContext(otherCtx);
    await t.close();
  });

  const attempt = (app: FastifyInstance, remoteAddress = '127.0.0.1') =>
    app.inject({ method: 'POST', url: '/api/auth/local', remoteAddress, payload: {} });

  it('answers 429 with Retry-After once the attempts across both processes reach the limit', async () => {
    const codes: number[] = [];
    let last = null as Awaited<ReturnType<typeof attempt>> | null;
    for (let i = 0; i < LIMIT + 2; i++) {
      last = await attempt(i % 2 === 0 ? t.app : other);
      codes.push(last.statusCode);
    }
    expect(codes).toEqual([...Array(LIMIT).fill(200), 429, 429]);
    const retryAfter = Number(last!.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(last!.json()).toMatchObject({ error: 'rate_limited' });

    // Another client address is counted apart, on either process.
    expect((await attempt(other, '127.0.0.2')).statusCode).toBe(200);
    expect((await attempt(t.app, '127.0.0.2')).statusCode).toBe(200);
    // And other sign-in routes have limits of their own.
    expect((await t.app.inject({ url: '/api/auth/google' })).statusCode).toBe(404);
  });

  it('limits starting to connect a mailbox like a sign-in, before asking who is calling', async () => {
    const connect = () => t.app.inject({ url: '/api/mailboxes/connect/google', remoteAddress: '127.0.0.9' });
    const codes: number[] = [];
    for (let i = 0; i < LIMIT + 1; i++) codes.push((await connect()).statusCode);
    expect(codes).toEqual([...Array(LIMIT).fill(401), 429]);
  });

  it('starts a new window once the old one expired, and the clean-up job removes spent counters', async () => {
    expect((await attempt(t.app, '127.0.0.3')).statusCode).toBe(200);
    await t.ctx.db.update(rateLimitCounters).set({ expiresAt: sql`now() - interval '1 second'` });
    expect((await attempt(other)).statusCode).toBe(200);
    const before = await t.ctx.db.select().from(rateLimitCounters);
    // The renewed counter stays, the other expired ones go.
    expect(await cleanUpRateLimitCounters(t.ctx.db)).toBe(before.length - 1);
    const left = await t.ctx.db.select().from(rateLimitCounters);
    expect(left).toHaveLength(1);
    expect(left[0]!.hits).toBe(1);
    // Keys are hashes: the table holds no client addresses.
    expect(JSON.stringify(left)).not.toContain('127.0.0');
  });
});
