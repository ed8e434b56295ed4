import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { PGliteOptions, QueryOptions, Results } from '@electric-sql/pglite';
import { startThread } from '../lib/thread-calls';

/** A request to the embedded database's thread (see pglite-worker.ts). */
export type PgliteRequest =
  | { op: 'open'; options: PGliteOptions & { dataDir: string } }
  | {
      op: 'query';
      tx?: number;
      text: string;
      params: unknown[];
      rowMode: 'array' | 'object' | undefined;
      /** Types to keep as PostgreSQL writes them (Drizzle's parsers are the identity). */
      rawTypes: number[];
      /** COPY … FROM '/dev/blob': the rows, as text. */
      blob?: string;
    }
  | { op: 'exec'; tx?: number; text: string }
  | { op: 'begin'; tx: number }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'dump' }
  | { op: 'close' };

/** What the app runs on the embedded database: a query and a script, also inside a transaction. */
export type PgliteQueries = {
  query<T = Record<string, unknown>>(
    text: string,
    params?: unknown[],
    options?: QueryOptions,
  ): Promise<Results<T>>;
  exec(text: string): Promise<Results[]>;
};
export type PgliteClient = PgliteQueries & {
  transaction<T>(work: (tx: PgliteQueries) => Promise<T>): Promise<T>;
  /** The data folder as a gzipped tarball, taken between two statements (PGlite's own call). */
  dumpDataDir(compression: 'gzip'): Promise<Blob>;
  close(): Promise<void>;
};

/**
 * The embedded database on a thread of its own. PGlite runs PostgreSQL, compiled to WebAssembly,
 * in the thread that opens it, and each statement holds that thread while it runs: on the app's
 * thread, every statement's time was taken from requests, sends and deliveries (bench/send and
 * bench/webhooks; see docs/decisions/0020). Here the app's thread posts each statement and goes
 * on with other work until the answer comes, and the two threads use two cores. The client
 * answers the part of PGlite's interface the app uses: Drizzle's `query`, `exec` and
 * `transaction`, and the backup's dump.
 */
export async function openPgliteThread(options: PGliteOptions & { dataDir: string }): Promise<PgliteClient> {
  const thread = startThread<PgliteRequest>('pglite-worker', import.meta.url, {
    what: "embedded database's thread",
  });
  const queries = (tx?: number): PgliteQueries => ({
    async query(text, params = [], queryOptions) {
      return thread.call({
        op: 'query',
        ...(tx !== undefined && { tx }),
        text,
        params,
        rowMode: queryOptions?.rowMode,
        rawTypes: Object.keys(queryOptions?.parsers ?? {}).map(Number),
        ...(queryOptions?.blob && { blob: await queryOptions.blob.text() }),
      });
    },
    exec: (text) => thread.call({ op: 'exec', ...(tx !== undefined && { tx }), text }),
  });
  let lastTx = 0;
  let closed: Promise<void> | null = null;
  try {
    // The first database of a process compiles PostgreSQL on its own thread, as PGlite does;
    // from the second on (the tests, a restore's check) they share one compilation.
    const shared = opened++ > 0 ? { pgliteWasmModule: await compiledPglite() } : {};
    await thread.call({ op: 'open', options: { ...options, ...shared } });
  } catch (err) {
    await thread.terminate();
    throw err;
  }
  return {
    ...queries(),
    async transaction(work) {
      const tx = ++lastTx;
      await thread.call({ op: 'begin', tx });
      let result: Awaited<ReturnType<typeof work>>;
      try {
        result = await work(queries(tx));
      } catch (err) {
        await thread.call({ op: 'end', tx, commit: false }).catch(() => {});
        throw err;
      }
      await thread.call({ op: 'end', tx, commit: true });
      return result;
    },
    dumpDataDir: async () => new Blob([await thread.call<ArrayBuffer>({ op: 'dump' })]),
    close() {
      // One close, however many ask for it (an app's shutdown and a test's clean-up may both):
      // a second that ended the thread on its own would cut the first off midway.
      closed ??= (async () => {
        try {
          await thread.call({ op: 'close' });
        } finally {
          await thread.terminate();
        }
      })();
      return closed;
    },
  };
}

/** Databases this process has opened. */
let opened = 0;
let compiled: Promise<WebAssembly.Module> | null = null;

/**
 * PostgreSQL's WebAssembly, compiled once here and handed to each later database thread (a
 * compiled module is shared between threads, not copied). PGlite caches its compilation per
 * thread, so each new thread would compile it again: a process that opens several databases (the
 * tests, a restore's check) paid for that each time. Not for the first: a compilation kept here
 * beside the thread's own held ~20 MB more for the life of a process that opens one.
 */
function compiledPglite(): Promise<WebAssembly.Module> {
  compiled ??= (async () => {
    const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
    return WebAssembly.compile(await fs.readFile(path.join(path.dirname(entry), 'pglite.wasm')));
  })();
  return compiled;
}
