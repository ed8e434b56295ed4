import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { scheduleBackups } from './backup-schedule';

const HOUR = 3600_000;
const silent = { info() {}, error() {} };

describe('scheduled backups', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** A schedule on a folder of its own whose clock the test sets; each dump is a few distinct bytes. */
  const setUp = (opts: { dir?: string; keep?: number } = {}) => {
    const dir = opts.dir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'tailor-schedule-'));
    dirs.push(dir);
    let now = new Date('2026-11-28T06:00:00Z');
    let dumps = 0;
    const schedule = scheduleBackups({
      dir,
      intervalMs: 24 * HOUR,
      keep: opts.keep ?? 3,
      clock: () => now,
      dump: async () => Buffer.from(`dump ${++dumps}`),
      log: silent,
    });
    const at = (iso: string) => {
      now = new Date(iso);
      return schedule.tick();
    };
    return { dir, schedule, at, files: () => fs.readdirSync(dir).sort() };
  };

  it('takes a backup when the newest is an interval old, named by the clock', async () => {
    const { schedule, at, files, dir } = setUp();
    try {
      expect(await at('2026-11-28T06:00:00Z')).toBe(
        path.join(dir, 'tailor-pglite-2026-11-28T06-00-00Z.tar.gz'),
      );
      expect(await at('2026-11-28T18:00:00Z')).toBeNull();
      expect(await at('2026-11-29T05:59:00Z')).toBeNull();
      expect(await at('2026-11-29T06:00:00Z')).toMatch(/tailor-pglite-2026-11-29T06-00-00Z\.tar\.gz$/);
      expect(files()).toEqual([
        'tailor-pglite-2026-11-28T06-00-00Z.tar.gz',
        'tailor-pglite-2026-11-29T06-00-00Z.tar.gz',
      ]);
      expect(fs.readFileSync(path.join(dir, files()[1]!), 'utf8')).toBe('dump 2');
    } finally {
      schedule.stop();
    }
  });

  it('keeps the newest BACKUP_KEEP backups and leaves other files alone', async () => {
    const { schedule, at, files, dir } = setUp({ keep: 2 });
    try {
      fs.writeFileSync(path.join(dir, 'notes.txt'), 'mine');
      for (const day of ['01', '02', '03', '04']) await at(`2026-12-${day}T00:00:00Z`);
      expect(files()).toEqual([
        'notes.txt',
        'tailor-pglite-2026-12-03T00-00-00Z.tar.gz',
        'tailor-pglite-2026-12-04T00-00-00Z.tar.gz',
      ]);
    } finally {
      schedule.stop();
    }
  });

  it('after a restart, goes on from the backups in the folder instead of taking one at once', async () => {
    const first = setUp();
    await first.at('2026-11-28T06:00:00Z');
    first.schedule.stop();
    const restarted = setUp({ dir: first.dir });
    try {
      expect(await restarted.at('2026-11-28T07:00:00Z')).toBeNull();
      expect(await restarted.at('2026-11-29T06:00:00Z')).not.toBeNull();
      expect(restarted.files()).toHaveLength(2);
    } finally {
      restarted.schedule.stop();
    }
  });
});
