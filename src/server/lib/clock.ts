import fs from 'node:fs';

/** What time the app takes it to be when deciding what is due. */
export type Clock = () => Date;

/**
 * The real time, or, when `offsetFile` is set (tests only: CLOCK_OFFSET_FILE), the real time plus
 * the milliseconds written in that file (none, or an unreadable file, counts as 0). Tests move the
 * app days ahead this way instead of waiting; the database's own now() is not moved, so what is
 * stored as having happened keeps its real time.
 */
export function createClock(offsetFile: string | null): Clock {
  if (!offsetFile) return () => new Date();
  return () => new Date(Date.now() + readOffset(offsetFile));
}

function readOffset(file: string): number {
  try {
    const ms = Number(fs.readFileSync(file, 'utf8').trim());
    return Number.isFinite(ms) ? ms : 0;
  } catch {
    return 0;
  }
}

/**
 * Calls `moved` whenever the offset file changes, so work that has become due runs at once rather
 * than at the next minute; returns how to stop watching.
 */
export function watchClock(offsetFile: string, moved: () => void): () => void {
  const listener = (now: fs.Stats, before: fs.Stats) => {
    if (now.mtimeMs !== before.mtimeMs || now.size !== before.size) moved();
  };
  fs.watchFile(offsetFile, { interval: 100 }, listener);
  return () => fs.unwatchFile(offsetFile, listener);
}
