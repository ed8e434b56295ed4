import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/server/db/client';

/** Runs `work`, returning how long it took and the longest time it held this thread's event loop (ms). */
async function measureHold<T>(work: () => Promise<T>) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  await sleep(50); // the monitor counts from its second tick on
  const started = performance.now();
  const result = await work();
  const took = performance.now() - started;
  await sleep(50); // a hold is recorded at the tick that ends it
  delay.disable();
  return { result, took, longest: delay.max / 1e6 };
}

/**
 * Creating an embedded database (PGlite's initdb) held the thread in one piece for 85–90 % of the
 * open, 2–3 s on an idle 2-core machine and 5–10 s on a busy one, and its migrations (PGlite
 * answers in microtasks) held it for all of theirs: a Fastify app starting in the same thread ran
 * out of its plugin timeout. Now initdb runs on a thread of its own and the migrations let the event
 * loop in between statements, so neither holds it for more than about a tenth of its time. Ratios,
 * not times: a loaded machine slows both sides alike.
 */
describe('a new embedded database leaves the event loop free', () => {
  const dirs: string[] = [];
  const newDataDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tailor-startup-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('is created on another thread, then opened and migrated here a statement at a time', async () => {
    const dataDir = newDataDir();
    const open = await measureHold(() => openDatabase({ dataDir }));
    const database = open.result;
    try {
      const migrate = await measureHold(() => database.migrate());
      expect(await database.isMigrated()).toBe(true);
      for (const [step, { took, longest }] of Object.entries({ open, migrate })) {
        expect(
          longest,
          `${step} held the event loop ${Math.round(longest)} of ${Math.round(took)} ms`,
        ).toBeLessThan(took / 2);
      }
    } finally {
      await database.close();
    }
  });

  it("fails with PGlite's reason when the folder cannot hold a database", async () => {
    const dataDir = newDataDir();
    fs.writeFileSync(path.join(dataDir, 'pglite'), 'a file where the database folder goes');
    await expect(openDatabase({ dataDir })).rejects.toThrow(
      /Could not create the embedded database.*ErrnoError/,
    );
    // The data folder is free again for the next attempt.
    expect(fs.existsSync(path.join(dataDir, 'tailor.pid'))).toBe(false);
  });
});
