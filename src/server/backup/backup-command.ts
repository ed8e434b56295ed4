import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import { DataDirLockedError } from '../db/data-dir-lock';
import { BackupError, backupFileName, backupKindOf, writeAtomically } from './backup-file';
import { requestBackup } from './backup-socket';
import { dumpClosedPglite, restorePglite } from './pglite-backup';
import { dumpPostgres, restorePostgres } from './postgres-backup';

/**
 * `tailor backup [FILE|FOLDER]` and `tailor restore FILE` (see docs/operations.md). The backup is
 * made while Tailor runs; a restore needs an empty data folder or database. Returns the exit code:
 * 0 done, 1 refused or failed (the message says why and what to do), 2 wrong arguments.
 */
export async function backupCommand(
  command: 'backup' | 'restore',
  args: string[],
  config: Config,
  now = new Date(),
): Promise<number> {
  const started = performance.now();
  try {
    if (command === 'backup') {
      const file = await backup(config, args[0], now);
      const mb = (fs.statSync(file).size / 1e6).toFixed(1);
      console.log(`Backed up to ${file} (${mb} MB) in ${seconds(started)} s.`);
      return 0;
    }
    if (!args[0]) {
      console.error('Usage: restore FILE (a file made by backup)');
      return 2;
    }
    await restore(config, path.resolve(args[0]));
    console.log(`Restored ${args[0]} in ${seconds(started)} s. Start Tailor now.`);
    if (!config.databaseUrl && !config.secretKey && !fs.existsSync(path.join(config.dataDir, 'secret.key'))) {
      console.log(
        'Backups do not hold the secret key: set SECRET_KEY (or put the old DATA_DIR/secret.key back) as it was ' +
          'when the backup was made, or connected mailboxes must be connected again.',
      );
    }
    return 0;
  } catch (err) {
    if (!(err instanceof BackupError || err instanceof DataDirLockedError)) throw err;
    console.error(`${command} failed: ${err.message}`);
    return 1;
  }
}

/** Where the backup goes: FILE as given, a named file in FOLDER, or a named file in BACKUP_DIR. */
function backupTarget(config: Config, arg: string | undefined, now: Date) {
  const kind = config.databaseUrl ? 'postgres' : 'pglite';
  const where = path.resolve(arg ?? config.backup.dir);
  const isFolder = arg === undefined || (fs.existsSync(where) && fs.statSync(where).isDirectory());
  return isFolder ? path.join(where, backupFileName(kind, now)) : where;
}

async function backup(config: Config, arg: string | undefined, now: Date): Promise<string> {
  const file = backupTarget(config, arg, now);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  if (config.databaseUrl) {
    await dumpPostgres(config.databaseUrl, file);
    return file;
  }
  // The running process dumps its own database; with none running, this one opens it.
  const dump = (await requestBackup(config.dataDir)) ?? (await dumpClosedPglite(config.dataDir));
  writeAtomically(file, dump);
  return file;
}

async function restore(config: Config, file: string) {
  if (!fs.existsSync(file)) throw new BackupError(`${file} does not exist.`);
  const kind = backupKindOf(file);
  const target = config.databaseUrl ? 'postgres' : 'pglite';
  if (kind !== target) {
    throw new BackupError(
      kind === 'pglite'
        ? `${file} is a backup of the embedded database; unset DATABASE_URL to restore it into DATA_DIR.`
        : `${file} is a PostgreSQL backup; set DATABASE_URL to the empty database to restore it into.`,
    );
  }
  if (config.databaseUrl) await restorePostgres(config.databaseUrl, file);
  else await restorePglite(config.dataDir, fs.readFileSync(file));
}

const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);
