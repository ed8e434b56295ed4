import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';

/**
 * PostgreSQL's shared buffers for the embedded database (PGLITE_SHARED_BUFFERS). PGlite starts
 * PostgreSQL with initdb's 128 MB, and PGlite allocates shared memory zeroed, so all of it is
 * resident from the start: a bare PGlite on an existing database idled at 290–320 MB RSS with
 * 128 MB and 165–185 MB with 16 MB. 32 MB, not 16: with 16 the 100,000-row import bench ran ~13 %
 * slower (24,000 against 27,600 rows/s), with 32 as fast as with 128. PGlite runs one session, and
 * what the buffers do not hold the operating system's page cache does.
 */
export const PGLITE_SHARED_BUFFERS = '32MB';

/**
 * initdb's parameters (it also writes them into postgresql.conf, where the start parameters
 * override them): small buffers for initdb's own PostgreSQL runs too, ~40 MB less at its peak.
 * Part of the template's identity (below).
 */
const INITDB_PARAMS = ['-c', 'shared_buffers=16MB'];

/** Options for opening, and creating, the embedded database in `dataDir`: plain data, so a thread can take them. */
export function pgliteOptions(
  dataDir: string,
  sharedBuffers = PGLITE_SHARED_BUFFERS,
): PGliteOptions & { dataDir: string } {
  return {
    dataDir,
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffers}`],
    initDbStartParams: INITDB_PARAMS,
  };
}

/**
 * A database made once at build time that new data folders start as a copy of: its folder, and
 * what it holds beyond a new database (`contents`, e.g. the hash of the migrations applied to it),
 * which is part of its stamp, so a template of other contents is never copied.
 */
export interface PgliteTemplate {
  dir: string;
  contents: string;
}

/**
 * Creates the embedded database in `options.dataDir` when the folder holds none yet: a copy of
 * the template `npm run build` made (see buildPgliteTemplate), else PGlite's initdb on a worker
 * thread.
 */
export async function createPgliteDatabase(
  options: PGliteOptions & { dataDir: string },
  template: PgliteTemplate | null,
) {
  if (fs.existsSync(path.join(options.dataDir, 'PG_VERSION'))) return;
  if (template && (await copyPgliteTemplate(template, options.dataDir))) return;
  await createPgliteDatabaseOnThread(options);
}

/**
 * Makes `template` unless the one there is current: a new database, then `prepare` (the app's
 * migrations). PGlite's initdb is what makes a first start heavy: it snapshots and restores its
 * 128 MB WebAssembly memory around each PostgreSQL run, then tars the result into the database's
 * own instance, which then starts as well; all of it peaked at 720–870 MB RSS. On a worker thread
 * that memory is freed when the thread ends, but glibc keeps ~130 MB of the thread's malloc
 * arenas. A new database's migrations grow PGlite's WebAssembly memory too, which never shrinks:
 * a first start that ran them idled ~55 MB above a later start. From a migrated copy, the first
 * `npm start` peaks and idles like any later one, and is 3–8 s shorter.
 */
export async function buildPgliteTemplate(
  template: PgliteTemplate,
  prepare: (client: PGlite) => Promise<void>,
): Promise<boolean> {
  const stamp = templateStamp(template);
  if (readTemplateStamp(template.dir) === stamp) return false;
  const building = `${template.dir}.building-${process.pid}`;
  fs.rmSync(building, { recursive: true, force: true });
  fs.mkdirSync(building, { recursive: true });
  const client = await PGlite.create(pgliteOptions(path.join(building, 'data')));
  try {
    await prepare(client);
    // The WAL the migrations wrote is not needed once checkpointed: start a new segment, and let
    // the checkpoint delete the old one rather than keep it (full of old records) for reuse. The
    // new segment holds a few records and then zeros, which trimTrailingZeros cuts off.
    await client.exec('set wal_recycle = off; select pg_switch_wal(); checkpoint;');
  } finally {
    await client.close();
  }
  trimTrailingZeros(building);
  fs.writeFileSync(path.join(building, 'stamp.json'), stamp);
  fs.rmSync(template.dir, { recursive: true, force: true });
  fs.renameSync(building, template.dir);
  return true;
}

/**
 * Copies the template into `dataDir` when it is current (this PGlite, these initdb parameters,
 * these contents) and `dataDir` is missing or empty; false, touching nothing, otherwise (the
 * caller then creates the database as before, and reports what is wrong with the folder). The copy
 * is made beside it and renamed into place, so an interrupted copy is never taken for a database.
 */
async function copyPgliteTemplate(template: PgliteTemplate, dataDir: string): Promise<boolean> {
  if (readTemplateStamp(template.dir) !== templateStamp(template)) return false;
  try {
    if (fs.readdirSync(dataDir).length > 0) return false;
    fs.rmdirSync(dataDir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') return false;
  }
  const copying = `${dataDir}.new`;
  fs.rmSync(copying, { recursive: true, force: true });
  // Synchronous: the promise API's cp took about three times the CPU for the template's ~1,200
  // files (0.45 s against 0.13 s a copy on a 2-core machine), and this runs once per new folder,
  // before anything is served.
  fs.cpSync(path.join(template.dir, 'data'), copying, { recursive: true });
  for (const [file, size] of Object.entries(readTrimmedSizes(template.dir)))
    fs.truncateSync(path.join(copying, file), size);
  fs.rmSync(path.join(copying, TRIMMED_SIZES), { force: true });
  fs.renameSync(copying, dataDir);
  return true;
}

/** The template's list of trimmed files and their full sizes, in its data folder (copied, then removed). */
const TRIMMED_SIZES = 'trimmed-sizes.json';
/** Files whose zeros at the end take less than this are kept whole. */
const MIN_TRIM_BYTES = 1024 * 1024;

/**
 * Cuts the zeros off the end of the template's files and notes their full sizes, which the copy
 * restores (a file extended by truncate reads as zeros and takes no disk). The WAL segment is
 * 16 MB of which the migrations' checkpoint leaves a few hundred kilobytes used: trimmed, the
 * template (and the self-hosting image that ships it) is 16 MB smaller.
 */
function trimTrailingZeros(templateDir: string) {
  const dataDir = path.join(templateDir, 'data');
  const sizes: Record<string, number> = {};
  for (const entry of fs.readdirSync(dataDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const { size } = fs.statSync(file);
    if (size < MIN_TRIM_BYTES) continue;
    const bytes = fs.readFileSync(file);
    let end = bytes.length;
    while (end > 0 && bytes[end - 1] === 0) end--;
    // Whole pages kept, so what remains is what PostgreSQL wrote.
    const kept = Math.ceil(end / 8192) * 8192;
    if (size - kept < MIN_TRIM_BYTES) continue;
    fs.truncateSync(file, kept);
    sizes[path.relative(dataDir, file)] = size;
  }
  fs.writeFileSync(path.join(dataDir, TRIMMED_SIZES), JSON.stringify(sizes));
}

function readTrimmedSizes(templateDir: string): Record<string, number> {
  try {
    return JSON.parse(fs.readFileSync(path.join(templateDir, 'data', TRIMMED_SIZES), 'utf8'));
  } catch {
    return {};
  }
}

/** What a template must have been made with to be copied: this PGlite (its PostgreSQL), these initdb parameters, these contents. */
function templateStamp(template: PgliteTemplate): string {
  const pglite = installedVersion('@electric-sql/pglite');
  return JSON.stringify({ pglite, initdb: INITDB_PARAMS, contents: template.contents });
}

/** The version of the installed package `name`, whose entry module lies one folder below its root. */
export function installedVersion(name: string): string {
  const entry = createRequire(import.meta.url).resolve(name);
  const manifest = path.join(path.dirname(entry), '..', 'package.json');
  return (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { version: string }).version;
}

function readTemplateStamp(templateDir: string): string | null {
  try {
    return fs.readFileSync(path.join(templateDir, 'stamp.json'), 'utf8');
  } catch {
    return null;
  }
}

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
 * yet; the caller then opens it with the same options as an existing database. Without a template
 * (tests from the sources, a build older than its node_modules) this is how a database is made.
 *
 * PGlite creates a missing database by running initdb, itself WebAssembly, in one synchronous
 * call: it held the calling thread 2–3 s on an idle 2-core machine and 5–10 s on a busy one, long
 * enough to run a Fastify app starting beside it in the same thread (the integration tests) out of
 * its plugin timeout. On its own thread it holds nothing here; the thread ends once the files are
 * written, freeing its WebAssembly memory before the caller's open (a few hundred milliseconds of
 * this thread). The options are copied to the thread, so they must be plain data.
 */
async function createPgliteDatabaseOnThread(options: PGliteOptions & { dataDir: string }) {
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
