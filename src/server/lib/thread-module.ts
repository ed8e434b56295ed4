import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * The file a worker thread runs for the module `name` next to `importer`. In dist/server it is the
 * bundled .js beside the importer. From the sources (tsx: the tests, bench and scripts) it is the
 * .ts bundled as the build bundles it, once per process (bundledSource): a worker thread does not
 * inherit tsx's loader, and loading tsx again in each thread cost about 0.6 s of CPU per thread,
 * where the tests open hundreds of databases, each on a thread of its own.
 */
export function threadModule(name: string, importer: string): URL {
  if (!importer.endsWith('.ts')) return new URL(`./${name}.js`, importer);
  return pathToFileURL(bundledSource(fileURLToPath(new URL(`./${name}.ts`, importer))));
}

/** The bundles this process has built, by source file. */
const built = new Map<string, string>();

/**
 * `entry` (a .ts file) bundled with esbuild as `npm run build` bundles it, into a folder of this
 * process's under node_modules/.cache that goes when the process exits; a process killed before
 * that leaves its folder behind, and the next one clears it. Packages stay imports and resolve to
 * the project's node_modules. Files are written whole and renamed into place, so a thread never
 * reads half of one. esbuild is a development dependency: only runs from the sources call this.
 */
export function bundledSource(entry: string): string {
  const known = built.get(entry);
  if (known) return known;
  const require = createRequire(import.meta.url);
  const esbuild = require('esbuild') as typeof import('esbuild');
  const resolved = require.resolve('esbuild');
  const marker = `${path.sep}node_modules${path.sep}`;
  const cache = path.join(resolved.slice(0, resolved.lastIndexOf(marker) + marker.length), '.cache');
  const outdir = path.join(cache, `tailor-bundles-${process.pid}`);
  if (!fs.existsSync(outdir)) {
    removeBundlesOfEndedProcesses(cache);
    fs.mkdirSync(outdir, { recursive: true });
    process.once('exit', () => fs.rmSync(outdir, { recursive: true, force: true }));
  }
  const { outputFiles } = esbuild.buildSync({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    target: 'node20',
    outdir,
    entryNames: '[name]',
    logLevel: 'warning',
    write: false,
  });
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
