import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { closeContext, createContext } from '../../src/server/bootstrap';
import type { AppContext } from '../../src/server/context';
import { bearer, makeApiToken } from '../support/api-tokens';
import { startTestApp, type TestApp, testDatabases } from '../support/test-app';

const LIMIT = 4;

/**
 * Each API token has its own limit of calls a minute (API_TOKEN_RATE_LIMIT_PER_MINUTE), counted in
 * the database so that every web process shares it, answered with 429, Retry-After and a problem.
 */
describe.each(testDatabases())('API token rate limit shared between web processes (%s)', (kind) => {
  let t: TestApp;
  let otherCtx: AppContext | null = null;
  let other: FastifyInstance;
  beforeAll(async () => {
    t = await startTestApp(kind, { API_TOKEN_RATE_LIMIT_PER_MINUTE: String(LIMIT) });
    // As in rate-limit.int.test.ts: a real second process on PostgreSQL; on PGlite (one process
    // per data folder) a second app on the same context, still a counter of its own if in memory.
    if (kind === 'postgres') otherCtx = await createContext(t.ctx.config, 'web', pino({ level: 'silent' }));
    other = await buildApp(otherCtx ?? t.ctx, { serveClient: false });
    await other.ready();
  });
  afterAll(async () => {
    await other.close();
    if (otherCtx) await closeContext(otherCtx);
    await t.close();
  });

  it('answers 429 with Retry-After once the calls across both processes reach the limit', async () => {
    const cookie = await t.signIn(`limited-${kind}@example.com`);
    const limited = await makeApiToken(t, cookie, ['read']);
    const spare = await makeApiToken(t, cookie, ['read']);
    const call = (app: FastifyInstance, secret: string) =>
      app.inject({ url: '/api/campaigns', headers: bearer(secret) });
    const codes: number[] = [];
    let last = null as Awaited<ReturnType<typeof call>> | null;
    for (let i = 0; i < LIMIT + 2; i++) {
      last = await call(i % 2 === 0 ? t.app : other, limited.secret);
      codes.push(last.statusCode);
    }
    expect(codes).toEqual([...Array(LIMIT).fill(200), 429, 429]);
    const retryAfter = Number(last!.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(last!.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(last!.json()).toMatchObject({ status: 429, error: 'rate_limited', title: 'Too Many Requests' });
    // Another token of the same maker is counted apart, on either process; the browser is not limited.
    expect((await call(other, spare.secret)).statusCode).toBe(200);
    expect((await call(t.app, spare.secret)).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/campaigns', headers: { cookie } })).statusCode).toBe(200);
  });
});
