import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { MIGRATIONS_FOLDER } from '../src/server/db/client';
import { createBenchDatabase } from './bench-app';
import { type BenchResult, postgresMetric, report } from './support';

/**
 * The teams upgrade on 1,000,000 emails, on PostgreSQL. A database is brought to the schema before
 * workspaces (this checkout's migrations up to 0020), filled with 50 people's sent campaigns (10
 * campaigns of 2,000 recipients each: 1,000,000 recipients and emails, their rollups kept by the
 * triggers), then migrated to today's schema, timed: what an operator's first start after the
 * upgrade waits for. The ceiling, measured in the same run on the same table: one bare rewrite of
 * every email row (an UPDATE with the table's triggers off), which adding and filling a column
 * of emails cannot avoid.
 */
const PEOPLE = 50;
const CAMPAIGNS = 10;
const PER_CAMPAIGN = 2_000;
const LAST_BEFORE_TEAMS = '0020_send_chunk_statements';

const { url, drop } = await createBenchDatabase();
const pool = new pg.Pool({ connectionString: url, max: 2 });
const db = drizzle(pool);
const results: BenchResult[] = [];
const before = fs.mkdtempSync(path.join(os.tmpdir(), 'tailor-migrations-'));
try {
  // The migrations as they stood before teams: the same files, the journal cut after 0020.
  fs.cpSync(MIGRATIONS_FOLDER, before, { recursive: true });
  const journalFile = path.join(before, 'meta/_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8'));
  const last = journal.entries.findIndex((e: { tag: string }) => e.tag === LAST_BEFORE_TEAMS);
  if (last < 0) throw new Error(`no migration ${LAST_BEFORE_TEAMS}`);
  journal.entries = journal.entries.slice(0, last + 1);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  await migrate(db, { migrationsFolder: before });

  const seeding = performance.now();
  for (let p = 0; p < PEOPLE; p++) {
    await pool.query(
      `with person as (
         insert into users (email, first_name, time_zone) values ($1, $2, 'Europe/Berlin') returning id),
       made as (
         insert into campaigns (user_id, name, status, recipient_count)
         select person.id, 'Campaign ' || c, 'completed', ${PER_CAMPAIGN} from person, generate_series(1, ${CAMPAIGNS}) c
         returning id, user_id),
       rows as (
         insert into recipients (campaign_id, email, data, row_number)
         select made.id, 'p' || $3 || '-c' || made.id || '-r' || g || '@example.com', '{}'::jsonb, g
         from made, generate_series(1, ${PER_CAMPAIGN}) g returning id, campaign_id)
       insert into emails (user_id, campaign_id, recipient_id, subject, body, is_approved, status, sent_at,
                           tracking_token, message_id, transport)
       select made.user_id, rows.campaign_id, rows.id, 'Hello ' || rows.id, '<p>A note for you</p>', true, 'sent',
              now() - (rows.id % 720 || ' hours')::interval, md5('t' || rows.id), '<' || md5('m' || rows.id) || '@bench>', 'smtp'
       from rows join made on made.id = rows.campaign_id`,
      [`person${p}@example.com`, `Person${p}`, p],
    );
  }
  await pool.query('analyze');
  const emails = Number((await pool.query('select count(*) from emails')).rows[0].count);
  console.log(`seeded ${emails} emails in ${Math.round((performance.now() - seeding) / 1000)} s`);

  const bare = performance.now();
  await pool.query('alter table emails disable trigger user');
  await pool.query('update emails set attempts = attempts');
  await pool.query('alter table emails enable trigger user');
  const ceilingS = (performance.now() - bare) / 1000;
  // The rewrite's dead rows are cleared so the migration meets the table as an upgrade would.
  await pool.query('vacuum analyze emails');

  const started = performance.now();
  await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
  const migrationS = (performance.now() - started) / 1000;
  const stray = Number(
    (await pool.query('select count(*) from emails where workspace_id is distinct from user_id')).rows[0]
      .count,
  );
  if (stray !== 0) throw new Error(`${stray} emails not in their maker's workspace`);

  results.push(
    postgresMetric(
      `migration to workspaces, ${emails.toLocaleString('en')} emails`,
      migrationS,
      's',
      null,
      false,
    ),
    postgresMetric('ceiling: one bare rewrite of every email row', ceilingS, 's', null, false),
    postgresMetric('migration / bare rewrite', migrationS / ceilingS, 'x', null, false),
  );
  report('workspace-migration', results);
} finally {
  await pool.end();
  await drop();
  fs.rmSync(before, { recursive: true, force: true });
}
