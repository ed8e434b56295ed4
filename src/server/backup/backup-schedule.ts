import fs from 'node:fs';
import path from 'node:path';
import type { Clock } from '../lib/clock';
import { backupFileName, backupTimeOf, writeAtomically } from './backup-file';

export type BackupSchedule = {
  /** Takes a backup when the newest in the folder is an interval old (or there is none); returns its file. */
  tick(): Promise<string | null>;
  stop(): void;
};

/** How often the schedule looks whether a backup is due: the interval is hours, a minute late is nothing. */
const CHECK_EVERY_MS = 60_000;

/**
 * Scheduled backups of the embedded database (BACKUP_INTERVAL_HOURS, BACKUP_KEEP), taken by the
 * process that has it open. Whether one is due is read from the names of the backups already in
 * the folder, so a restart neither repeats a backup nor forgets one, and a backup made by hand
 * with `tailor backup` into the folder counts too. The time is the app's clock (tests move it).
 */
export function scheduleBackups(opts: {
  dir: string;
  intervalMs: number;
  keep: number;
  clock: Clock;
  dump: () => Promise<Buffer>;
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
}): BackupSchedule {
  let running: Promise<string | null> | null = null;
  const tick = async () => {
    const now = opts.clock();
    const newest = listBackups(opts.dir)[0];
    if (newest && now.getTime() - newest.at.getTime() < opts.intervalMs) return null;
    const file = path.join(opts.dir, backupFileName('pglite', now));
    writeAtomically(file, await opts.dump());
    const removed = pruneBackups(opts.dir, opts.keep);
    opts.log.info({ file, removed }, 'scheduled backup written');
    return file;
  };
  const timer = setInterval(() => {
    if (running) return; // a slow dump is not started twice
    running = tick()
      .catch((err: unknown) => {
        opts.log.error({ err }, 'scheduled backup failed');
        return null;
      })
      .finally(() => {
        running = null;
      });
  }, CHECK_EVERY_MS);
  timer.unref();
  return { tick, stop: () => clearInterval(timer) };
}

/** The embedded database's backups in `dir`, newest first. */
export function listBackups(dir: string): { name: string; at: Date }[] {
  const names = fs.existsSync(dir) ? fs.readdirSync(dir) : [];
  return names
    .filter((name) => name.startsWith('tailor-pglite-'))
    .flatMap((name) => {
      const at = backupTimeOf(name);
      return at ? [{ name, at }] : [];
    })
    .sort((a, b) => b.at.getTime() - a.at.getTime());
}

/** Deletes all but the newest `keep` backups; returns the names deleted. */
function pruneBackups(dir: string, keep: number): string[] {
  const old = listBackups(dir).slice(keep);
  for (const { name } of old) fs.rmSync(path.join(dir, name), { force: true });
  return old.map((b) => b.name);
}
