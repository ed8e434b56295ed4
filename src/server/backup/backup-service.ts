import type { AppContext } from '../context';
import { scheduleBackups } from './backup-schedule';
import { serveBackups } from './backup-socket';
import { dumpPglite } from './pglite-backup';

/**
 * What the process that has the embedded database open does for backups: answers `tailor backup`
 * on DATA_DIR's socket, and takes the scheduled backups when BACKUP_INTERVAL_HOURS is set. On
 * PostgreSQL `tailor backup` runs pg_dump itself and there is nothing to serve. Returns how to stop.
 */
export async function startBackupService(ctx: AppContext): Promise<() => Promise<void>> {
  const { driver } = ctx.database;
  const { backup } = ctx.config;
  if (driver.kind !== 'pglite') {
    if (backup.intervalMs !== null) {
      ctx.log.warn(
        'BACKUP_INTERVAL_HOURS schedules backups of the embedded database only; on PostgreSQL run `backup` from cron or use your server’s own backups',
      );
    }
    return async () => {};
  }
  const client = driver.client;
  const stopServing = await serveBackups(ctx.config.dataDir, client, ctx.log);
  const schedule =
    backup.intervalMs === null
      ? null
      : scheduleBackups({
          dir: backup.dir,
          intervalMs: backup.intervalMs,
          keep: backup.keep,
          clock: ctx.clock,
          dump: () => dumpPglite(client),
          log: ctx.log,
        });
  return async () => {
    schedule?.stop();
    await stopServing();
  };
}
