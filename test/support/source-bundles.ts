import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildSync } from 'esbuild';
import { SERVER_BUNDLE } from '../../scripts/server-bundle';
import { SOURCE_THREAD_MODULE } from '../../src/server/lib/thread-calls';

/**
 * Makes this test process start the app's worker threads (the embedded database's, the IMAP
 * reader's) from their modules bundled as the build bundles them, instead of loading tsx's loader
 * in each thread: about 0.6 s of CPU a thread, where the tests open hundreds of databases, each
 * on a thread of its own. See SOURCE_THREAD_MODULE in src/server/lib/thread-calls.ts.
 */
export function startThreadsFromBundles() {
  (globalThis as Record<symbol, unknown>)[SOURCE_THREAD_MODULE] = (source: URL) =>
    pathToFileURL(bundledSource(fileURLToPath(source)));
}

/** The bundles this process has built, by source file. */
const built = new Map<string, string>();

/**
 * `entry` (a .ts file) bundled with esbuild as `npm run build` bundles it, into a folder of this
 * process's under node_modules/.cache that goes when the process exits; a process killed before
 * that leaves its folder behind, and the next one clears it. The packages the build leaves out
 * (scripts/server-bundle.ts) resolve to the project's node_modules. Files are written whole and
 * renamed into place, so a thread never reads half of one.
 */
export function bundledSource(entry: string): string {
  const known = built.get(entry);
  if (known) return known;
  const cache = path.resolve(import.meta.dirname, '../../node_modules/.cache');
  const outdir = path.join(cache, `tailor-bundles-${process.pid}`);
  if (!fs.existsSync(outdir)) {
    removeBundlesOfEndedProcesses(cache);
    fs.mkdirSync(outdir, { recursive: true });
    process.once('exit', () => fs.rmSync(outdir, { recursive: true, force: true }));
  }
  const { outputFiles } = buildSync({ ...SERVER_BUNDLE, entryPoints: [entry], outdir, write: false });
  for (const file of outputFiles) {
    const partial = `${file.path}.${process.pid}.partial`;
    fs.writeFileSync(partial, file.contents);
    fs.renameSync(partial, file.path);
  }
  const bundle = path.join(outdir, `${path.basename(entry, '.ts')}.js`);
  built.set(entry, bundle);
  return bundle;
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
