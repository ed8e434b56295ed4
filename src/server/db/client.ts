import { createHash } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { param, type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { ROOT_DIR } from '../config';
import { lockDataDir } from './data-dir-lock';
import {
  buildPgliteTemplate,
  createPgliteDatabase,
  installedVersion,
  type PgliteTemplate,
  pgliteOptions,
} from './pglite-start';
import { openPgliteThread, type PgliteClient } from './pglite-thread';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Anything pg-boss can run SQL through (its `db` option). */
export type SqlExecutor = { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The driver underneath, for the few bulk paths (COPY) that Drizzle does not cover. */
  driver: { kind: 'pglite'; client: PgliteClient } | { kind: 'postgres'; pool: pg.Pool };
  /** For pg-boss: its SQL, on connections of its own on PostgreSQL, through the thread on PGlite. */
  boss: { db: SqlExecutor };
  /** Applies the migrations not yet applied, under the schema lock (see withSchemaLock). */
  migrate(): Promise<void>;
  /**
   * Runs `work` while no other process changes the schema: on PostgreSQL it holds one advisory
   * lock, so processes started at once on a new database take their schema steps (migrations,
   * pg-boss's schema and queues) one after the other; pg-boss's own queue creation deadlocked
   * when two ran at once. The embedded database has one process (the data folder's lock).
   */
  withSchemaLock<T>(work: () => Promise<T>): Promise<T>;
  isMigrated(): Promise<boolean>;
  /** A transaction on the raw driver, for bulk paths that need COPY (Drizzle has no COPY). */
  bulkTransaction<T>(work: (session: BulkSession) => Promise<T>): Promise<T>;
  /**
   * Brings the planner's statistics of `tables` up to date after a bulk write (an import, a
   * generation). PostgreSQL's autovacuum does this by itself; the embedded database has none, so
   * a table filled since its last ANALYZE kept the figures of its empty self, and paging through
   * 100,000 new rows read every row after the page's start and sorted them, page after page.
   */
  refreshStatistics(tables: readonly BulkTable[]): Promise<void>;
  /**
   * What autovacuum does on PostgreSQL, for the embedded database, which has none: VACUUM
   * (ANALYZE) of every table of the app and of the job queue, one statement per table so requests
   * get in between. Without it, each updated or deleted row (an email's every status, each job, each
   * webhook delivery) left its old version and its index entries behind for good: the files only
   * grew, and scans waded through them. Answers how many tables it went through (0 on PostgreSQL).
   */
  vacuum(): Promise<number>;
  close(): Promise<void>;
};

/** The tables bulk paths fill. */
export type BulkTable = 'recipients' | 'emails';

/** Raw SQL and CSV COPY inside one transaction; identical on PostgreSQL and PGlite. */
export type BulkSession = {
  query<R>(text: string, params?: unknown[]): Promise<R[]>;
  /**
   * Starts a COPY into `table (columns)` in PostgreSQL's text format (tab-separated, \N for
   * NULL). On PostgreSQL rows stream to the server as they are written; PGlite can only COPY a
   * whole blob, so there they are gathered and sent in large pieces. No other query may run in
   * the session until `end` resolves.
   */
  openCopy(table: string, columns: string[]): CopyWriter;
};

export type CopyWriter = {
  write(text: string): Promise<void>;
  end(): Promise<void>;
  abort(): void;
};

/** PGlite pays a large fixed cost per COPY, so it gets few, big pieces. */
const PGLITE_COPY_BYTES = 24 << 20;

const copyStatement = (table: string, columns: string[], source: string) =>
  `COPY ${table} (${columns.join(', ')}) FROM ${source}`;

export const MIGRATIONS_FOLDER = path.join(ROOT_DIR, 'src/server/db/migrations');
/** A new embedded database, made by `npm run build` (scripts/pglite-template.ts); new data folders start as a copy. */
export const PGLITE_TEMPLATE_DIR = path.join(ROOT_DIR, 'dist/pglite-template');

/**
 * The template in `dir`: a new database with every migration applied, known by their hash. The
 * hash is taken only when asked for: a folder that already holds a database never needs it.
 */
function migratedTemplate(dir: string): PgliteTemplate {
  return {
    dir,
    // pg-boss's version too: a template whose job schema an older pg-boss made is made again.
    get contents() {
      return `migrations ${migrationsHash()}, pg-boss ${installedVersion('pg-boss')}`;
    },
  };
}

function migrationsHash() {
  const hash = createHash('sha256');
  const files = [
    'meta/_journal.json',
    ...fs
      .readdirSync(MIGRATIONS_FOLDER)
      .filter((f) => f.endsWith('.sql'))
      .sort(),
  ];
  for (const file of files) hash.update(file).update(fs.readFileSync(path.join(MIGRATIONS_FOLDER, file)));
  return hash.digest('hex');
}

/**
 * `npm run build`: makes the template in `dir` unless the one there is current; true when it made
 * one. `createJobSchema` (the build passes the job queue's) adds pg-boss's schema and queues: they
 * took a new database's first start about 0.3 s of CPU, which the tests' hundreds of new databases
 * paid each time.
 */
export function buildMigratedPgliteTemplate(
  dir = PGLITE_TEMPLATE_DIR,
  createJobSchema?: (sql: SqlExecutor) => Promise<void>,
) {
  return buildPgliteTemplate(migratedTemplate(dir), async (client) => {
    await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
    await createJobSchema?.(pgBossSqlOn(client));
  });
}

/** pg-boss's SQL on PGlite: parameterless multi-statement scripts (exec) and parameterised queries. */
function pgBossSqlOn(client: Pick<PgliteClient, 'query' | 'exec'>): SqlExecutor {
  return {
    executeSql: async (text, values) =>
      values?.length
        ? client.query(text, values)
        : { rows: (await client.exec(text)).flatMap((r) => r.rows ?? []) },
  };
}

/** Any constant: held during start-up's schema steps so parallel processes on PostgreSQL take turns. */
const SCHEMA_LOCK_KEY = 724_115_001;

export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  /** PostgreSQL's shared_buffers for the embedded database (PGLITE_SHARED_BUFFERS); PostgreSQL's own setting otherwise. */
  pgliteSharedBuffers?: string;
  /** What a new embedded database is copied from; null: PGlite's initdb makes it (on a thread). */
  pgliteTemplateDir?: string | null;
}): Promise<Database> {
  return opts.databaseUrl
    ? openPostgres(opts.databaseUrl)
    : openPglite(
        opts.dataDir,
        opts.pgliteSharedBuffers,
        opts.pgliteTemplateDir === undefined ? PGLITE_TEMPLATE_DIR : opts.pgliteTemplateDir,
      );
}

async function openPostgres(connectionString: string): Promise<Database> {
  const pool = poolOf(connectionString, 'tailor');
  // pg-boss's own connections, as it would open them, but closed by the app: after the job
  // queue's stop has seen its last statement answered (see job-queue.ts), not inside that stop.
  const bossPool = poolOf(connectionString, 'pgboss');
  // Connect once now, so a wrong address or password fails start-up at "opening the database".
  await pool.query('SELECT 1').catch(async (err) => {
    await Promise.all([pool.end(), bossPool.end()]).catch(() => {});
    throw err;
  });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  /** Whether this process holds the lock already (a session lock is per connection, not per process). */
  let schemaLockHeld = false;
  async function withSchemaLock<T>(work: () => Promise<T>): Promise<T> {
    if (schemaLockHeld) return work();
    const client = await pool.connect();
    try {
      await client.query('SELECT pg_advisory_lock($1)', [SCHEMA_LOCK_KEY]);
      schemaLockHeld = true;
      return await work();
    } finally {
      schemaLockHeld = false;
      await client.query('SELECT pg_advisory_unlock($1)', [SCHEMA_LOCK_KEY]).catch(() => {});
      client.release();
    }
  }
  return {
    db,
    kind: 'postgres',
    driver: { kind: 'postgres', pool },
    boss: { db: { executeSql: (text, values) => bossPool.query(text, values) } },
    migrate: () =>
      withSchemaLock(() => migratePg(drizzlePg(pool, { schema }), { migrationsFolder: MIGRATIONS_FOLDER })),
    withSchemaLock,
    isMigrated: () => isMigrated(db),
    async bulkTransaction(work) {
      const client = await pool.connect();
      let broken = false;
      try {
        await client.query('BEGIN');
        const result = await work({
          query: async (text, params) => (await client.query(text, params as unknown[])).rows,
          openCopy: (table, columns) => {
            const stream = client.query(copyFrom(copyStatement(table, columns, 'STDIN')));
            const done = new Promise<void>((resolve, reject) => {
              stream.on('finish', resolve);
              stream.on('error', reject);
            });
            done.catch(() => {}); // surfaced by write() or end()
            return {
              async write(text) {
                if (!stream.write(text)) await once(stream, 'drain');
              },
              async end() {
                stream.end();
                await done;
              },
              abort: () => stream.destroy(),
            };
          },
        });
        await client.query('COMMIT');
        return result;
      } catch (err) {
        // After a failed COPY the connection may be mid-protocol: roll back, or drop it if that fails.
        await client.query('ROLLBACK').catch(() => {
          broken = true;
        });
        throw err;
      } finally {
        client.release(broken);
      }
    },
    // Autovacuum analyzes a table once a tenth of it changed, and vacuums it once a fifth is dead.
    refreshStatistics: async () => {},
    vacuum: async () => 0,
    close: async () => {
      await Promise.all([pool.end(), bossPool.end()]);
    },
  };
}

function poolOf(connectionString: string, applicationName: string) {
  const pool = new pg.Pool({ connectionString, max: 10, application_name: applicationName });
  // A connection dropped by the server (restart, failover, admin kill) must not crash the
  // process. Idle, the pool discards it and the next query opens a fresh one. Checked out (a
  // transaction between two statements, like a worker's claim), node-postgres emits the error on
  // the client, where no one listens: the transaction's next statement fails instead, and the
  // pool drops the client when it comes back.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
}

async function openPglite(
  dataDir: string,
  sharedBuffers: string | undefined,
  templateDir: string | null,
): Promise<Database> {
  const release = lockDataDir(dataDir);
  try {
    const options = pgliteOptions(path.join(dataDir, 'pglite'), sharedBuffers);
    // A new folder's database is copied from the build's template, else created on a worker
    // thread (initdb would hold this one for seconds).
    await createPgliteDatabase(options, templateDir === null ? null : migratedTemplate(templateDir));
    // On a thread of its own: the statements' time is not taken from this thread's requests.
    const client = await openPgliteThread(options);
    const db = drizzlePglite(client as unknown as PGlite, { schema }) as unknown as Db;
    return {
      db,
      kind: 'pglite',
      driver: { kind: 'pglite', client },
      boss: { db: pgBossSqlOn(client) },
      migrate: () =>
        migratePglite(drizzlePglite(client as unknown as PGlite, { schema }), {
          migrationsFolder: MIGRATIONS_FOLDER,
        }),
      // One process per data folder (lockDataDir): nobody else can change the schema.
      withSchemaLock: (work) => work(),
      isMigrated: () => isMigrated(db),
      bulkTransaction: (work) =>
        client.transaction((tx) =>
          work({
            query: async (text, params) => (await tx.query(text, params as unknown[])).rows as never[],
            openCopy: (table, columns) => {
              let parts: string[] = [];
              let size = 0;
              const flush = async () => {
                if (size === 0) return;
                const blob = new Blob(parts);
                parts = [];
                size = 0;
                await tx.query(copyStatement(table, columns, "'/dev/blob'"), [], { blob });
              };
              return {
                async write(text) {
                  parts.push(text);
                  size += text.length;
                  if (size >= PGLITE_COPY_BYTES) await flush();
                },
                end: flush,
                abort() {
                  parts = [];
                  size = 0;
                },
              };
            },
          }),
        ),
      async refreshStatistics(tables) {
        for (const table of tables) await client.exec(`analyze ${table}`);
      },
      async vacuum() {
        // Tables that hold rows: the job queue's partitions, not the partitioned table above them.
        const { rows } = await client.query<{ name: string }>(
          `select format('%I.%I', n.nspname, c.relname) as name
           from pg_class c join pg_namespace n on n.oid = c.relnamespace
           where n.nspname in ('public', 'pgboss') and c.relkind = 'r' order by 1`,
        );
        for (const { name } of rows) await client.exec(`vacuum (analyze) ${name}`);
        return rows.length;
      },
      async close() {
        try {
          await client.close();
        } finally {
          release();
        }
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}

/**
 * One array parameter per column of these rows, for `insert … select from unnest(...)`: a batch
 * is a dozen parameters rather than one per value, which costs far less to build and to send.
 * A missing value is NULL.
 */
export const columnArrays =
  <T>(rows: readonly T[]) =>
  <K extends keyof T>(key: K) =>
    param(rows.map((r) => r[key] ?? null));

/** Runs raw SQL on either driver; both answer with `{ rows }`. */
export async function selectRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * pg-boss's SQL ($1, $2 … placeholders) run through a Drizzle database or transaction, so a job
 * can be stored in the same transaction as the rows it is about.
 */
export function sqlExecutorOf(db: Db): SqlExecutor {
  return {
    async executeSql(text, values = []) {
      const parts = text.split(/\$(\d+)/);
      // pg-boss leaves unset defaults undefined, which node-postgres would send as NULL.
      const chunks = parts.map((part, i) =>
        i % 2 ? sql`${values[Number(part) - 1] ?? null}` : sql.raw(part),
      );
      return { rows: await selectRows(db, sql.join(chunks)) };
    },
  };
}

/** True when every checked-in migration has been applied. */
async function isMigrated(db: Db): Promise<boolean> {
  const { readMigrationFiles } = await import('drizzle-orm/migrator');
  const expected = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER }).length;
  try {
    const rows = await selectRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`,
    );
    return Number(rows[0]?.n ?? 0) >= expected;
  } catch {
    return false;
  }
}
