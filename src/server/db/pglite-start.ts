import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PGlite, PGliteOptions, Transaction } from '@electric-sql/pglite';

/**
 * Runs on the worker thread: PGlite creates the database (initdb) when it opens a folder without
 * one. A failure is posted as text: PGlite's file-system errors are plain objects ({ name, errno }).
 */
const CREATE_ON_THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
(async () => {
  const { PGlite } = await import(workerData.pglite);
  const client = await PGlite.create(workerData.options);
  await client.close();
})().catch((err) => parentPort.postMessage(err instanceof Error ? err.message : JSON.stringify(err)));
`;

/**
 * Creates the PGlite database in `options.dataDir` on a worker thread when the folder holds none
 * yet; the caller then opens it with the same options as an existing database.
 *
 * PGlite creates a missing database by running initdb, itself WebAssembly, in one synchronous
 * call: it held the calling thread 2–3 s on an idle 2-core machine and 5–10 s on a busy one, long
 * enough to run a Fastify app starting beside it in the same thread (the integration tests) out of
 * its plugin timeout. On its own thread it holds nothing here; the thread ends once the files are
 * written, freeing its WebAssembly memory before the caller's open (a few hundred milliseconds of
 * this thread). The options are copied to the thread, so they must be plain data.
 */
export async function createPgliteDatabaseOnThread(options: PGliteOptions & { dataDir: string }) {
  if (fs.existsSync(path.join(options.dataDir, 'PG_VERSION'))) return;
  const pglite = pathToFileURL(createRequire(import.meta.url).resolve('@electric-sql/pglite')).href;
  const worker = new Worker(CREATE_ON_THREAD, { eval: true, workerData: { pglite, options } });
  await new Promise<void>((resolve, reject) => {
    let failure: unknown;
    worker.on('message', (message: string) => {
      failure = new Error(`Could not create the embedded database in ${options.dataDir}: ${message}`);
    });
    worker.on('error', (err) => {
      failure = err;
    });
    worker.on('exit', (code) => {
      if (failure) reject(failure);
      else if (code === 0) resolve();
      else reject(new Error(`Creating the embedded database stopped with exit code ${code}`));
    });
  });
}

/**
 * `client` with each statement started on a later turn of the event loop. PGlite answers in
 * microtasks, so a run of statements never lets timers or I/O in: the migrations of a new database
 * held the thread 0.3–4 s in one piece (2 cores, idle to busy). Through this view the longest hold
 * is one statement. Drizzle reaches its client through query() and transaction() only.
 */
export function yieldingEachStatement<C extends PGlite | Transaction>(client: C): C {
  return new Proxy(client, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key, target);
      if (typeof value !== 'function' || key === 'constructor') return value;
      if (key === 'query') {
        return async (...args: unknown[]) => {
          await nextTurn();
          return value.apply(target, args);
        };
      }
      if (key === 'transaction') {
        return (work: (tx: Transaction) => Promise<unknown>) =>
          value.call(target, (tx: Transaction) => work(yieldingEachStatement(tx)));
      }
      // Other methods run on the client itself: PGlite's use private fields, which this proxy lacks.
      return value.bind(target);
    },
  });
}
