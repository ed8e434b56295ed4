import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { lockDataDir } from '../db/data-dir-lock';
import { pgliteOptions } from '../db/pglite-start';
import type { PgliteClient } from '../db/pglite-thread';
import { BackupError, writeAtomically } from './backup-file';

/** The embedded database's folder inside DATA_DIR (as db/client.ts opens it). */
export const pgliteFolder = (dataDir: string) => path.join(dataDir, 'pglite');

/**
 * A consistent copy of the embedded database, as a gzipped tarball of its folder, taken by the
 * process that has it open. PGlite runs PostgreSQL on the database's thread and dumps under the
 * same lock every statement takes, so no write lands while the files are read: what is read is
 * the database as after the last statement, and a transaction still open at that instant is
 * rolled back by PostgreSQL's recovery when the copy is opened (docs/decisions/0012).
 */
export async function dumpPglite(client: Pick<PGlite, 'dumpDataDir'> | PgliteClient): Promise<Buffer> {
  const tarball = await client.dumpDataDir('gzip');
  return Buffer.from(await tarball.arrayBuffer());
}

/**
 * `backup` with no Tailor process on DATA_DIR: opens the database itself, holding the folder's
 * lock so no process starts on it meanwhile, and dumps it.
 */
export async function dumpClosedPglite(dataDir: string): Promise<Buffer> {
  if (!fs.existsSync(path.join(pgliteFolder(dataDir), 'PG_VERSION'))) {
    throw new BackupError(`There is no embedded database in ${dataDir} to back up (no DATA_DIR/pglite).`);
  }
  const release = lockDataDir(dataDir);
  try {
    const client = await PGlite.create(pgliteOptions(pgliteFolder(dataDir)));
    try {
      return await dumpPglite(client);
    } finally {
      await client.close();
    }
  } finally {
    release();
  }
}

/**
 * Restores a backup made by dumpPglite into DATA_DIR, which must hold no database: anything in
 * DATA_DIR/pglite, or a Tailor process on the folder, refuses with nothing touched. The database
 * is unpacked and opened beside its place (so recovery runs and a broken backup is found there),
 * then renamed into place: an interrupted restore never leaves a half database where Tailor looks.
 */
export async function restorePglite(dataDir: string, backup: Buffer): Promise<void> {
  const target = pgliteFolder(dataDir);
  if (fs.existsSync(target) && fs.readdirSync(target).length > 0) {
    throw new BackupError(
      `${target} already holds a database; restore only into an empty data folder. Nothing was changed: ` +
        'move that folder away (or choose another DATA_DIR) and run restore again.',
    );
  }
  const release = lockDataDir(dataDir);
  const unpacking = `${target}.restoring`;
  try {
    fs.rmSync(unpacking, { recursive: true, force: true });
    const client = await PGlite.create({
      ...pgliteOptions(unpacking),
      loadDataDir: new Blob([new Uint8Array(backup)]),
    }).catch((err: unknown) => {
      throw new BackupError(`The backup could not be opened as an embedded database: ${describe(err)}`);
    });
    try {
      await client.query('SELECT count(*) FROM drizzle.__drizzle_migrations');
    } catch (err) {
      throw new BackupError(`The backup holds no Tailor database: ${describe(err)}`);
    } finally {
      await client.close();
    }
    fs.rmSync(target, { recursive: true, force: true }); // empty (checked above)
    fs.renameSync(unpacking, target);
  } finally {
    fs.rmSync(unpacking, { recursive: true, force: true });
    release();
  }
}

const describe = (err: unknown) => (err instanceof Error ? err.message : JSON.stringify(err));

/** Writes a dump to `file` (see writeAtomically). */
export const writePgliteBackup = (file: string, dump: Buffer) => writeAtomically(file, dump);
