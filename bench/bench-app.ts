import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { buildApp } from '../src/server/app';
import { closeContext, createContext, type Role } from '../src/server/bootstrap';
import { loadConfig } from '../src/server/config';
import type { AppContext } from '../src/server/context';

export type BenchDb = 'pglite' | 'postgres';

/** PostgreSQL for benchmarks: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else the local server if it answers. */
export async function postgresServerUrl(): Promise<string | null> {
  const url =
    process.env.BENCH_DATABASE_URL ??
    process.env.TEST_DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/postgres';
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return url;
  } catch {
    return null;
  }
}

/** Both databases when a PostgreSQL server answers; BENCH_DB=pglite or postgres picks one. */
export async function benchDatabases(): Promise<BenchDb[]> {
  const available: BenchDb[] = (await postgresServerUrl()) ? ['pglite', 'postgres'] : ['pglite'];
  const only = process.env.BENCH_DB;
  return only ? available.filter((kind) => kind === only) : available;
}

/** A fresh PostgreSQL database for one benchmark, and how to drop it. */
export async function createBenchDatabase() {
  const server = await postgresServerUrl();
  if (!server) throw new Error('No PostgreSQL server for benchmarks');
  const name = `tailor_bench_${crypto.randomBytes(4).toString('hex')}`;
  await admin(server, `CREATE DATABASE ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  return { url: url.href, drop: () => admin(server, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/**
 * The real app in this process on a fresh database of its own, listening on a random port. With
 * `role` 'web' it runs no jobs: for a bench that calls the queries itself and must not race the
 * app's own every-minute work on the same rows.
 */
export async function startBenchApp(kind: BenchDb, env: Record<string, string> = {}, role: Role = 'all') {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tailor-bench-'));
  let databaseUrl = '';
  let drop = async () => {};
  if (kind === 'postgres') {
    const database = await createBenchDatabase();
    databaseUrl = database.url;
    drop = database.drop;
  }
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      SECRET_KEY: 'bench-secret-key-that-is-long-enough-000',
      LOG_LEVEL: 'silent',
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      ...env,
    },
    false,
  );
  const ctx: AppContext = await createContext(config, role, pino({ level: 'silent' }));
  const app = await buildApp(ctx, { serveClient: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    ctx,
    base,
    databaseUrl,
    async close() {
      await app.close();
      await closeContext(ctx);
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function admin(serverUrl: string, text: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
