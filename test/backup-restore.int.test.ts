import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { buildApp } from '../src/server/app';
import { backupCommand } from '../src/server/backup/backup-command';
import { startBackupService } from '../src/server/backup/backup-service';
import { closeContext, createContext } from '../src/server/bootstrap';
import { loadConfig } from '../src/server/config';
import { pgliteOptions } from '../src/server/db/pglite-start';
import {
  createCampaign,
  createCampaignWithFollowUps,
  createReadyCampaign,
  createRecipientWithEmail,
} from './support/factories';
import { adminQuery, databaseUrl } from './support/postgres';
import { pgliteQuery, postgresChecksums, sameRows, tableChecksums } from './support/table-checksums';
import { startTestApp, type TestApp, testDatabases } from './support/test-app';

const SECRET_KEY = 'test-secret-key-that-is-long-enough-123';

/** The config of a Tailor on DATA_DIR `dataDir`, or on PostgreSQL database `url`. */
const configOn = (dataDir: string, url = '') =>
  loadConfig(
    { NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: url, SECRET_KEY, LOG_LEVEL: 'silent' },
    false,
  );

describe.each(testDatabases())('backup and restore (%s)', (kind) => {
  let t: TestApp;
  let stopBackups: () => Promise<void>;
  let cookie: string;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'tailor-backup-'));
  const file = path.join(work, 'tailor.backup');
  const target = { dataDir: path.join(work, 'restored'), url: '', dropDatabase: async () => {} };

  const checksumsOfTarget = async () => {
    if (kind === 'postgres') return postgresChecksums(target.url);
    const client = await PGlite.create(pgliteOptions(path.join(target.dataDir, 'pglite')));
    try {
      return await tableChecksums(pgliteQuery(client));
    } finally {
      await client.close();
    }
  };
  const checksumsOfSource = () => {
    const { driver } = t.ctx.database;
    return driver.kind === 'pglite'
      ? tableChecksums(pgliteQuery(driver.client))
      : postgresChecksums(t.ctx.config.databaseUrl!);
  };
  /** Runs the command as main.ts does, with what it prints. */
  const run = async (command: 'backup' | 'restore', args: string[], config: ReturnType<typeof configOn>) => {
    const out = vi.spyOn(console, 'log').mockImplementation(() => {});
    const err = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const code = await backupCommand(command, args, config);
      return { code, out: out.mock.calls.join('\n'), err: err.mock.calls.join('\n') };
    } finally {
      out.mockRestore();
      err.mockRestore();
    }
  };

  beforeAll(async () => {
    // A web process: no job worker, so nothing changes the database between the checksums and the backup.
    t = await startTestApp(kind, {}, { role: 'web' });
    stopBackups = await startBackupService(t.ctx);
    cookie = await t.signIn('owner@example.com');
    const userId = (await t.ctx.db.query.users.findFirst())!.id;
    await createReadyCampaign(t.ctx.db, userId, 200, { name: 'Ready campaign' });
    await createCampaignWithFollowUps(t.ctx.db, userId, 20);
    const sent = await createCampaign(t.ctx.db, userId, { name: 'Sent campaign', status: 'completed' });
    for (const status of ['sent', 'failed', 'scheduled', 'queued', 'draft'] as const) {
      await createRecipientWithEmail(t.ctx.db, sent, {
        email: `${status}@example.com`,
        status,
        ...(status === 'sent' && { sentAt: new Date(), messageId: `<${crypto.randomUUID()}@example.com>` }),
      });
    }
    if (kind === 'postgres') {
      const template = inject('pgTemplate')!;
      const name = `${template.name.replace('tailor_tpl', 'tailor_t')}_restore_${crypto.randomBytes(3).toString('hex')}`;
      await adminQuery(template.serverUrl, `CREATE DATABASE ${name}`); // empty: template1
      target.url = databaseUrl(template.serverUrl, name);
      target.dropDatabase = () =>
        adminQuery(template.serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).then(() => {});
    }
  });
  afterAll(async () => {
    await stopBackups?.();
    await t?.close();
    await target.dropDatabase();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('backs up while the app runs, and restores every row into an empty target, where the app starts', async () => {
    const before = await checksumsOfSource();
    expect(Object.keys(before.tables).length).toBeGreaterThan(20);
    expect(before.tables['public.emails']).toMatch(/^245 rows /);

    const backup = await run('backup', [file], t.ctx.config);
    expect(backup).toMatchObject({ code: 0, err: '' });
    expect(backup.out).toMatch(/^Backed up to .*tailor\.backup \(\d+\.\d MB\) in \d+\.\d s\.$/);
    // The app went on serving meanwhile, and nothing changed under the checksums.
    expect(await checksumsOfSource()).toEqual(before);

    const restored = await run('restore', [file], configOn(target.dataDir, target.url));
    expect(restored).toMatchObject({ code: 0, err: '' });
    expect(restored.out).toMatch(/^Restored .* in \d+\.\d s\. Start Tailor now\.$/);
    expect(sameRows(await checksumsOfTarget(), before)).toEqual({
      tables: before.tables,
      sequencesBehind: [],
    });

    // The app starts on the restored database, and the session signed in before the backup still works.
    const ctx = await createContext(configOn(target.dataDir, target.url), 'web');
    try {
      const app = await buildApp(ctx, { serveClient: false });
      const res = await app.inject({ url: '/api/campaigns', headers: { cookie } });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('Ready campaign');
      expect(res.body).toContain('Sent campaign');
      await app.close();
    } finally {
      await closeContext(ctx);
    }
  });

  it('refuses to restore into a target that holds a database, changing nothing', async () => {
    const before = await checksumsOfTarget();
    const again = await run('restore', [file], configOn(target.dataDir, target.url));
    expect(again.code).toBe(1);
    expect(again.err).toMatch(
      kind === 'pglite'
        ? /^restore failed: .*pglite already holds a database; restore only into an empty data folder\. Nothing was changed/
        : /^restore failed: The database in DATABASE_URL is not empty \(\d+ tables, views or sequences\); restore only into an empty database\. Nothing was changed/,
    );
    expect(await checksumsOfTarget()).toEqual(before);
  });

  it('refuses a backup of the other kind of database, and a file that is no backup', async () => {
    const other =
      kind === 'pglite'
        ? configOn(path.join(work, 'other'), t.ctx.config.databaseUrl ?? 'postgres://x@127.0.0.1:1/x')
        : configOn(path.join(work, 'other'));
    const wrongKind = await run('restore', [file], other);
    expect(wrongKind.code).toBe(1);
    expect(wrongKind.err).toMatch(
      kind === 'pglite'
        ? /is a backup of the embedded database; unset DATABASE_URL/
        : /is a PostgreSQL backup; set DATABASE_URL/,
    );
    const notBackup = path.join(work, 'notes.txt');
    fs.writeFileSync(notBackup, 'hello');
    const junk = await run('restore', [notBackup], configOn(path.join(work, 'junk'), target.url));
    expect(junk).toMatchObject({ code: 1, err: expect.stringMatching(/is not a Tailor backup/) });
  });
});
