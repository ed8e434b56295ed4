import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sessions, users } from '../src/server/db/schema';
import { spawnServer } from './support/spawn-server';
import { startTestApp, type TestApp } from './support/test-app';

const SECRET = 'process-test-secret-key-long-enough-0001';

describe('processes on the embedded database', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  it('refuses a second process on the same DATA_DIR with a clear message', async () => {
    const first = await startTestApp('pglite');
    cleanups.push(() => first.close());
    const second = spawnServer('all', { DATA_DIR: first.dataDir, PORT: '0', SECRET_KEY: SECRET });
    const { code } = await second.exited;
    expect(code).toBe(1);
    expect(second.output()).toContain(`The data folder ${first.dataDir} is in use by another Tailor process`);
  });

  it('takes over a data folder whose previous owner was killed', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tailor-kill-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const first = spawnServer('all', { DATA_DIR: dataDir, PORT: '0', SECRET_KEY: SECRET });
    await first.waitFor('Tailor is running');
    first.child.kill('SIGKILL');
    await first.exited;
    const second = spawnServer('all', { DATA_DIR: dataDir, PORT: '0', SECRET_KEY: SECRET });
    cleanups.push(() => void second.child.kill('SIGKILL'));
    await second.waitFor('Tailor is running');
  });

  it('serves health and readiness, and stops cleanly on SIGTERM', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tailor-term-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    // Port 0: the system picks a free one (a random fixed port could collide with any
    // outgoing connection's ephemeral port while other test files run beside this one).
    const server = spawnServer('all', {
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      SECRET_KEY: SECRET,
    });
    await server.waitFor('Tailor is running');
    const base = await server.url();
    const health = await fetch(`${base}/healthz`);
    expect(await health.json()).toEqual({ ok: true });
    const ready = await fetch(`${base}/readyz`);
    expect(await ready.json()).toEqual({ ok: true, database: 'pglite' });
    expect(ready.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);

    server.child.kill('SIGTERM');
    const { code } = await server.exited;
    expect(code).toBe(0);
    expect(server.output()).toContain('shutting down');
    expect(fs.existsSync(path.join(dataDir, 'tailor.pid'))).toBe(false);
  });

  it('stops at start-up on an invalid setting, naming it', async () => {
    const server = spawnServer('all', { PORT: 'eighty' });
    const { code } = await server.exited;
    expect(code).toBe(1);
    expect(server.output()).toContain('PORT:');
  });

  it("says which start-up step failed and what to do, not only the driver's line", async () => {
    // A port nothing listens on: this test binds one and closes it, so the address is refused.
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as net.AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const server = spawnServer('all', {
      DATABASE_URL: `postgres://tailor@127.0.0.1:${port}/tailor`,
      PORT: '0',
      SECRET_KEY: SECRET,
    });
    const { code } = await server.exited;
    expect(code).toBe(1);
    expect(server.output()).toContain('Tailor could not start: opening the database failed');
    expect(server.output()).toMatch(/What to do: nothing answered at the address in DATABASE_URL/);
  });
});

describe('background jobs', () => {
  let t: TestApp;
  afterEach(() => t?.close());

  it('the session clean-up job deletes expired sessions through pg-boss', async () => {
    t = await startTestApp('pglite');
    await t.signIn();
    const [user] = await t.ctx.db.select().from(users);
    await t.ctx.db.insert(sessions).values({
      id: 'expired-session',
      userId: user!.id,
      provider: 'local',
      idleExpiresAt: new Date(Date.now() - 60_000),
      absoluteExpiresAt: new Date(Date.now() + 60_000),
    });
    const { cleanUpSessionsJob } = await import('../src/server/jobs/clean-up-sessions');
    await t.ctx.jobs.enqueue(cleanUpSessionsJob, {});
    const deadline = Date.now() + 15_000;
    let ids: string[] = [];
    while (Date.now() < deadline) {
      ids = (await t.ctx.db.select({ id: sessions.id }).from(sessions)).map((s) => s.id);
      if (!ids.includes('expired-session')) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(ids).not.toContain('expired-session');
    expect(ids).toHaveLength(1);
  });
});
