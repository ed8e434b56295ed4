import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { PgliteQueries } from '../../src/server/db/pglite-thread';

type Query = (text: string) => Promise<Record<string, unknown>[]>;

export type Checksums = {
  /** Per table: its row count and the md5 of its rows as text, in order. */
  tables: Record<string, string>;
  /** Per sequence: the next value it gives. */
  sequences: Record<string, number>;
};

/**
 * A checksum of every table (its rows, as text, in order) and where every sequence stands, in
 * every schema but PostgreSQL's own: the app's, the migrations' record and the job queue's. Two
 * databases with equal table checksums hold the same rows. Sequences are apart because a copy
 * taken like a crash (the embedded backup) resumes them up to 32 values on, as PostgreSQL does
 * after any crash: ids are skipped, never given twice.
 */
export async function tableChecksums(query: Query): Promise<Checksums> {
  const relations = (await query(
    `SELECT quote_ident(n.nspname) || '.' || quote_ident(c.relname) AS name, c.relkind AS kind
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind IN ('r', 'S') AND n.nspname NOT IN ('pg_catalog', 'information_schema')
        AND n.nspname NOT LIKE 'pg\\_%'
      ORDER BY 1`,
  )) as { name: string; kind: string }[];
  const sums: Checksums = { tables: {}, sequences: {} };
  for (const { name, kind } of relations) {
    if (kind === 'S') {
      const [row] = await query(
        `SELECT (CASE WHEN is_called THEN last_value + 1 ELSE last_value END)::int AS next FROM ${name}`,
      );
      sums.sequences[name] = Number(row!.next);
    } else {
      const [row] = await query(
        `SELECT count(*)::text || ' rows ' || md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), '')) AS sum FROM ${name} t`,
      );
      sums.tables[name] = String(row!.sum);
    }
  }
  return sums;
}

export const pgliteQuery =
  (client: Pick<PGlite, 'query'> | PgliteQueries): Query =>
  async (text) =>
    (await client.query<Record<string, unknown>>(text)).rows;

/** tableChecksums of the PostgreSQL database at `url`, on a connection of its own. */
export async function postgresChecksums(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await tableChecksums(async (text) => (await client.query(text)).rows);
  } finally {
    await client.end();
  }
}

/** Every table as in `source`, and every sequence where it was or further on. */
export function sameRows(restored: Checksums, source: Checksums) {
  const behind = Object.entries(source.sequences).filter(
    ([name, next]) => !(restored.sequences[name]! >= next),
  );
  return { tables: restored.tables, sequencesBehind: behind.map(([name]) => name) };
}
