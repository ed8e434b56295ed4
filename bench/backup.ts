import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { dumpPglite, restorePglite, writePgliteBackup } from '../src/server/backup/pglite-backup';
import { dumpPostgres, restorePostgres } from '../src/server/backup/postgres-backup';
import { type Db, openDatabase, selectRows } from '../src/server/db/client';
import { insertWorkspace } from '../src/server/queries/workspaces';
import { benchDatabases, createBenchDatabase } from './bench-app';
import { type BenchResult, report } from './support';

/**
 * Backup and restore of a sizeable database: 10 sent campaigns × 10,000 recipients, each with a
 * sent email of a few paragraphs (100,000 recipients and emails, their rollups by the triggers),
 * on each database. The embedded database's backup is timed as the running process makes it
 * (the dump and the file written); the restore is into an empty data folder or database.
 */
const CAMPAIGNS = 10;
const PER_CAMPAIGN = 10_000;

async function seed(db: Db) {
  const [user] = await selectRows<{ id: number }>(
    db,
    sql`insert into users (email) values ('bench@example.com') returning id`,
  );
  const userId = user!.id;
  const workspaceId = await insertWorkspace(db, userId, 'Bench');
  for (let c = 0; c < CAMPAIGNS; c++) {
    await db.execute(sql`
      with campaign as (
        insert into campaigns (workspace_id, user_id, name, status, recipient_count)
        values (${workspaceId}, ${userId}, ${`Campaign ${c + 1}`}, 'completed', ${PER_CAMPAIGN}) returning id),
      rows as (
        insert into recipients (campaign_id, email, company, data, row_number)
        select campaign.id, 'c' || ${c} || '-r' || g || '@example.com', 'Company ' || g,
               jsonb_build_object('email', 'c' || ${c} || '-r' || g || '@example.com', 'first_name', 'Name' || g), g
        from campaign, generate_series(1, ${PER_CAMPAIGN}) g returning id, campaign_id)
      insert into emails (workspace_id, user_id, campaign_id, recipient_id, subject, body, is_approved, status,
                          sent_at, tracking_token, message_id, transport)
      select ${workspaceId}, ${userId}, campaign_id, id, 'Hello from us, a note about your work ' || id,
             repeat('<p>We saw what you build and wrote this note for you. ' || md5(id::text) || '</p>', 6), true, 'sent',
             now() - (id % 720 || ' hours')::interval, md5('t' || id), '<' || md5('m' || id) || '@bench>', 'smtp'
      from rows`);
  }
}

const results: BenchResult[] = [];
const seconds = (since: number) => (performance.now() - since) / 1000;

for (const kind of await benchDatabases()) {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'tailor-bench-backup-'));
  const source = kind === 'postgres' ? await createBenchDatabase() : null;
  const target = kind === 'postgres' ? await createBenchDatabase() : null;
  try {
    const database = await openDatabase({ databaseUrl: source?.url, dataDir: path.join(work, 'source') });
    await database.migrate();
    await seed(database.db);
    const file = path.join(work, kind === 'pglite' ? 'backup.tar.gz' : 'backup.dump');
    let started = performance.now();
    if (database.driver.kind === 'pglite') writePgliteBackup(file, await dumpPglite(database.driver.client));
    else await dumpPostgres(source!.url, file);
    const backupSeconds = seconds(started);
    await database.close();

    started = performance.now();
    if (kind === 'pglite') await restorePglite(path.join(work, 'restored'), fs.readFileSync(file));
    else await restorePostgres(target!.url, file);
    const restoreSeconds = seconds(started);

    const size = (dir: string): number =>
      fs.readdirSync(dir, { withFileTypes: true }).reduce((sum, e) => {
        const p = path.join(dir, e.name);
        return sum + (e.isDirectory() ? size(p) : fs.statSync(p).size);
      }, 0);
    const db = kind;
    const row = (metric: string, value: number, unit: string): BenchResult => ({
      metric,
      db,
      value,
      unit,
      goal: null,
      higherIsBetter: false,
    });
    results.push(
      row('backup of 100,000 sent emails', backupSeconds, 's'),
      row('restore into an empty target', restoreSeconds, 's'),
      row('backup file', fs.statSync(file).size / 1e6, 'MB'),
      ...(kind === 'pglite' ? [row('database folder', size(path.join(work, 'restored')) / 1e6, 'MB')] : []),
    );
  } finally {
    await source?.drop();
    await target?.drop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}
report('backup', results);
