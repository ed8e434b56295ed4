import fs from 'node:fs';
import path from 'node:path';

/**
 * PGlite does not stop two processes opening one data folder, and the second silently loses
 * writes. We hold a pid file instead of an mtime-based lock (proper-lockfile)
 * because a SIGKILLed process must be replaceable at once, not after a staleness timeout: a pid
 * that is no longer alive frees the folder.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'tailor.pid');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      return () => releaseIfOurs(lockPath);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = Number(fs.readFileSync(lockPath, 'utf8').trim());
      if (holder && holder !== process.pid && isAlive(holder)) {
        throw new DataDirLockedError(dataDir, holder);
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirLockedError(dataDir, 0);
}

export class DataDirLockedError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `The data folder ${dataDir} is in use by another Tailor process${pid ? ` (pid ${pid})` : ''}. ` +
        'The embedded database allows one process at a time: stop the other one, choose another DATA_DIR, ' +
        'or set DATABASE_URL to run several processes on PostgreSQL.',
    );
    this.name = 'DataDirLockedError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function releaseIfOurs(lockPath: string) {
  try {
    if (fs.readFileSync(lockPath, 'utf8').trim() === String(process.pid)) fs.rmSync(lockPath);
  } catch {
    // Already gone: nothing to release.
  }
}
