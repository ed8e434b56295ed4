import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { ROOT_DIR } from '../config';
import { lockDataDir } from './data-dir-lock';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Anything pg-boss can run SQL through (its `db` option). */
export type SqlExecutor = { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The driver underneath, for the few bulk paths (COPY) that Drizzle does not cover. */
  driver: { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; pool: pg.Pool };
  /** For pg-boss: a connection string on PostgreSQL, an adapter on PGlite. */
  boss: { connectionString: string } | { db: SqlExecutor };
  migrate(): Promise<void>;
  isMigrated(): Promise<boolean>;
  close(): Promise<void>;
};

const MIGRATIONS_FOLDER = path.join(ROOT_DIR, 'src/server/db/migrations');
/** Any constant: held while migrating so parallel processes on PostgreSQL never migrate twice. */
const MIGRATION_LOCK_KEY = 724_115_001;

export async function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite(opts.dataDir);
}

async function openPostgres(connectionString: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    driver: { kind: 'postgres', pool },
    boss: { connectionString },
    async migrate() {
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
        client.release();
      }
    },
    isMigrated: () => isMigrated(db),
    close: () => pool.end(),
  };
}

async function openPglite(dataDir: string): Promise<Database> {
  const release = lockDataDir(dataDir);
  try {
    const client = await PGlite.create({ dataDir: path.join(dataDir, 'pglite') });
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    return {
      db,
      kind: 'pglite',
      driver: { kind: 'pglite', client },
      // pg-boss sends parameterless multi-statement scripts (exec) and parameterised queries.
      boss: {
        db: {
          executeSql: async (text, values) =>
            values?.length
              ? client.query(text, values)
              : { rows: (await client.exec(text)).flatMap((r) => r.rows ?? []) },
        },
      },
      migrate: () =>
        migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER }),
      isMigrated: () => isMigrated(db),
      async close() {
        await client.close();
        release();
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}

/** Runs raw SQL on either driver; both answer with `{ rows }`. */
export async function selectRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
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
