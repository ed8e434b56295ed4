import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterEach, describe, expect, it } from 'vitest';
import { dumpPglite, pgliteFolder, restorePglite } from '../src/server/backup/pglite-backup';
import { pgliteOptions } from '../src/server/db/pglite-start';
import { httpClient } from './support/http-client';
import { spawnServer } from './support/spawn-server';

const SECRET_KEY = 'backup-test-secret-key-long-enough-0001';

describe('backups of the embedded database', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });
  const tempDir = (prefix: string) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    return dir;
  };

  it('holds whole transactions only, even when taken in the middle of one', async () => {
    const dataDir = tempDir('tailor-backup-tx-');
    const client = await PGlite.create(pgliteOptions(pgliteFolder(dataDir)));
    cleanups.push(() => client.close());
    // restorePglite checks it is a Tailor database by its migrations table.
    await client.exec(`CREATE SCHEMA drizzle; CREATE TABLE drizzle.__drizzle_migrations (id int);
      CREATE TABLE debits (n int); CREATE TABLE credits (n int);`);
    const transfer = (n: number) =>
      client.transaction(async (tx) => {
        await tx.query('INSERT INTO debits VALUES ($1)', [n]);
        await tx.query('INSERT INTO credits VALUES ($1)', [n]);
      });
    for (let n = 0; n < 50; n++) await transfer(n);
    // A dump between the two inserts of the 51st transfer, which commits afterwards.
    let midway: Buffer | undefined;
    await client.transaction(async (tx) => {
      await tx.query('INSERT INTO debits VALUES (50)');
      midway = await dumpPglite(client);
      await tx.query('INSERT INTO credits VALUES (50)');
    });
    // Dumps racing a stream of transfers.
    const racing = Promise.all([dumpPglite(client), transfer(51), dumpPglite(client), transfer(52)]);
    const [raced1, , raced2] = await racing;

    const counts = [];
    for (const dump of [midway!, raced1, raced2]) {
      const restored = tempDir('tailor-restored-');
      await restorePglite(restored, dump);
      const copy = await PGlite.create(pgliteOptions(pgliteFolder(restored)));
      const { rows } = await copy.query<{ debits: number; credits: number }>(
        'SELECT (SELECT count(*)::int FROM debits) AS debits, (SELECT count(*)::int FROM credits) AS credits',
      );
      await copy.close();
      counts.push(rows[0]);
    }
    // The half-done transfer is not in the copy; every copy balances.
    expect(counts[0]).toEqual({ debits: 50, credits: 50 });
    for (const count of counts) expect(count!.debits).toBe(count!.credits);
    expect(counts[2]!.debits).toBeGreaterThanOrEqual(counts[1]!.debits);
  });

  it('`backup` asks the running process, `restore` brings it back, and Tailor starts on the copy', async () => {
    const dataDir = tempDir('tailor-backup-live-');
    const backups = tempDir('tailor-backups-');
    const env = { DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', SECRET_KEY, BACKUP_DIR: backups };
    const server = spawnServer('all', env);
    cleanups.push(() => void server.child.kill('SIGKILL'));
    const api = httpClient(await server.url());
    await api.json('POST', '/api/auth/local', { email: 'owner@example.com' });
    await api.json('POST', '/api/templates', {
      name: 'Kept template',
      type: 'template',
      subjectTemplate: 'Hi',
      bodyTemplate: '<p>Hello</p>',
      variables: ['email'],
    });

    const live = spawnServer('backup', env); // into BACKUP_DIR, named by time
    expect((await live.exited).code).toBe(0);
    expect(live.output()).toMatch(
      /Backed up to .*tailor-pglite-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.tar\.gz \(\d+\.\d MB\)/,
    );
    const [file] = fs.readdirSync(backups);
    // The server answered it: it still holds its folder and serves.
    expect((await api.request('GET', '/api/templates')).status).toBe(200);

    const restoredDir = tempDir('tailor-restored-');
    const restoredEnv = { ...env, DATA_DIR: restoredDir };
    const usage = spawnServer('restore', restoredEnv);
    expect((await usage.exited).code).toBe(2);
    expect(usage.output()).toContain('Usage: restore FILE');
    const restore = spawnServer('restore', restoredEnv, [path.join(backups, file!)]);
    expect((await restore.exited).code).toBe(0);
    expect(restore.output()).toMatch(/Restored .*\.tar\.gz in \d+\.\d s\. Start Tailor now\./);
    const again = spawnServer('restore', restoredEnv, [path.join(backups, file!)]);
    expect((await again.exited).code).toBe(1);
    expect(again.output()).toContain(
      'already holds a database; restore only into an empty data folder. Nothing was changed',
    );

    // Tailor on the copy: the same user, signed in by the same session, sees the template.
    const copy = spawnServer('all', restoredEnv);
    cleanups.push(() => void copy.child.kill('SIGKILL'));
    const copyApi = httpClient(await copy.url(), api.cookie());
    const templates = await copyApi.json('GET', '/api/templates');
    expect(JSON.stringify(templates)).toContain('Kept template');

    // With the server stopped, `backup` opens the database itself.
    server.child.kill('SIGTERM');
    expect((await server.exited).code).toBe(0);
    const offline = spawnServer('backup', env, [path.join(backups, 'offline.tar.gz')]);
    expect((await offline.exited).code).toBe(0);
    expect(fs.statSync(path.join(backups, 'offline.tar.gz')).size).toBeGreaterThan(100_000);
  }, 240_000); // seven processes start one after the other
});
