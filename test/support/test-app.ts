import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { inject } from 'vitest';
import { buildApp } from '../../src/server/app';
import { closeContext, createContext, type Role } from '../../src/server/bootstrap';
import { loadConfig } from '../../src/server/config';
import type { AppContext } from '../../src/server/context';
import { syncMailboxesJob } from '../../src/server/jobs/sync-mailboxes';
import { adminQuery, databaseUrl } from './postgres';

export type DatabaseKind = 'pglite' | 'postgres';

/** The databases every integration suite runs on: PGlite always, PostgreSQL when CI provides one. */
export function testDatabases(): DatabaseKind[] {
  return inject('pgTemplate') ? ['pglite', 'postgres'] : ['pglite'];
}

export type TestApp = {
  ctx: AppContext;
  app: FastifyInstance;
  dataDir: string;
  /** Signs in a local user and returns the Cookie header value for its session. */
  signIn(email?: string): Promise<string>;
  close(): Promise<void>;
};

/**
 * A real app on a real, empty database of its own (a fresh PGlite folder, or a clone of the
 * run's migrated PostgreSQL template), with the same wiring as main.ts.
 */
export async function startTestApp(
  kind: DatabaseKind,
  env: Record<string, string> = {},
  opts: { role?: Role; listen?: boolean; log?: pino.Logger } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tailor-test-'));
  let dropDatabase = async () => {};
  const dbEnv: Record<string, string> = {};
  if (kind === 'postgres') {
    const template = inject('pgTemplate');
    if (!template) throw new Error('PostgreSQL tests need TEST_DATABASE_URL');
    const name = `${template.name.replace('tailor_tpl', 'tailor_t')}_${crypto.randomBytes(4).toString('hex')}`;
    await adminQuery(template.serverUrl, `CREATE DATABASE ${name} TEMPLATE ${template.name}`);
    dbEnv.DATABASE_URL = databaseUrl(template.serverUrl, name);
    dropDatabase = () =>
      adminQuery(template.serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).then(() => {});
  }
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SECRET_KEY: 'test-secret-key-that-is-long-enough-123',
      LOG_LEVEL: 'silent',
      AUTH_RATE_LIMIT_PER_MINUTE: '10000',
      PUBLIC_URL: 'http://127.0.0.1:5999',
      ...dbEnv,
      ...env,
    },
    false,
  );
  const ctx = await createContext(
    config,
    opts.role ?? 'all',
    opts.log ?? pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
  );
  const app = await buildApp(ctx, { serveClient: false });
  if (opts.listen) await app.listen({ host: '127.0.0.1', port: 0 });
  else await app.ready();

  return {
    ctx,
    app,
    dataDir,
    async signIn(email = `user-${crypto.randomBytes(4).toString('hex')}@example.com`) {
      const res = await app.inject({ method: 'POST', url: '/api/auth/local', payload: { email } });
      if (res.statusCode !== 200) throw new Error(`local sign-in failed: ${res.statusCode} ${res.body}`);
      const cookie = res.cookies.find((c) => c.name === 'tailor_session');
      if (!cookie) throw new Error('no session cookie');
      return `tailor_session=${cookie.value}`;
    },
    async close() {
      await app.close();
      await closeContext(ctx);
      await dropDatabase();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * For tests that run each mailbox sync themselves and assert what the first one reads: the app's
 * every-two-minutes fan-out would otherwise sync first whenever a test straddles an even minute.
 */
export async function stopPeriodicMailboxSync(t: TestApp) {
  await t.ctx.jobs.boss.unschedule(syncMailboxesJob.name);
}
