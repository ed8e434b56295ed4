import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { SERVER_BUNDLE, SERVER_ENTRIES } from '../../scripts/server-bundle';
import { SOURCE_THREAD_MODULE } from '../../src/server/lib/thread-calls';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder holding this run's bundles of the server's sources (buildSourceBundles). */
    sourceBundles: string;
  }
}

const ROOT = path.resolve(import.meta.dirname, '../..');

/** What the tests start from bundles: the server, its threads, and a test's own child program. */
const ENTRIES = [...SERVER_ENTRIES, 'test/faults/sync-child.ts'];

/** This run's bundles, once built (see buildSourceBundles). */
const BUILT = Symbol.for('tailor.sourceBundles');

/**
 * The server's entry point and its threads' modules bundled from the sources as `npm run build`
 * bundles them, once for the whole run, before any test file starts (the global setup of each
 * suite that needs them: the suites share one build, as they share the run's process), into a
 * folder of this process's under node_modules/.cache, so the packages the build leaves out
 * (scripts/server-bundle.ts) resolve to the project's node_modules. The folder goes when the run
 * ends; one left by a killed run is cleared by the next.
 *
 * Once for the run, and asynchronously: each test process used to bundle them itself with
 * esbuild's synchronous call, which blocks the process's only thread until esbuild's own thread
 * answers, deadlines and all: a test process stuck there would wait forever.
 */
export function buildSourceBundles(): Promise<string> {
  const run = globalThis as Record<symbol, Promise<string> | undefined>;
  run[BUILT] ??= (async () => {
    const cache = path.join(ROOT, 'node_modules/.cache');
    removeBundlesOfEndedProcesses(cache);
    const outdir = path.join(cache, `tailor-bundles-${process.pid}`);
    process.once('exit', () => fs.rmSync(outdir, { recursive: true, force: true }));
    await build({ ...SERVER_BUNDLE, entryPoints: ENTRIES.map((entry) => path.join(ROOT, entry)), outdir });
    return outdir;
  })();
  return run[BUILT];
}

/**
 * Makes this test process start the app's worker threads (the embedded database's, the IMAP
 * reader's) from the run's bundles, instead of loading tsx's loader in each thread: about 0.6 s
 * of CPU a thread, where the tests open hundreds of databases, each on a thread of its own. See
 * SOURCE_THREAD_MODULE in src/server/lib/thread-calls.ts.
 */
export function startThreadsFromBundles(bundles: string) {
  (globalThis as Record<symbol, unknown>)[SOURCE_THREAD_MODULE] = (source: URL) =>
    pathToFileURL(bundledSource(bundles, path.relative(ROOT, fileURLToPath(source))));
}

/** The bundle of `entry` (a .ts file, from the project's root) in the run's folder `bundles`. */
export function bundledSource(bundles: string, entry: string): string {
  if (!ENTRIES.includes(entry))
    throw new Error(
      `${entry} is not bundled for the tests: add it to ENTRIES in test/support/source-bundles.ts`,
    );
  return path.join(bundles, `${path.basename(entry, '.ts')}.js`);
}

function removeBundlesOfEndedProcesses(cache: string) {
  const entries = fs.existsSync(cache) ? fs.readdirSync(cache) : [];
  for (const entry of entries) {
    const pid = Number(/^tailor-bundles-(\d+)$/.exec(entry)?.[1]);
    if (!pid || isAlive(pid)) continue;
    fs.rmSync(path.join(cache, entry), { recursive: true, force: true });
  }
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
