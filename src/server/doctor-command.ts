import fs from 'node:fs';
import path from 'node:path';
import type { Config } from './config';
import { type Database, openDatabase } from './db/client';
import { NoEmbeddedDatabase } from './services/doctor/database-checks';
import type { DoctorCheck } from './services/doctor/doctor-check';
import { type DoctorOptions, type DoctorReport, runDoctor } from './services/doctor/run-doctor';

const LABELS: Record<DoctorCheck['status'], string> = { pass: 'PASS', warn: 'WARN', fail: 'FAIL' };

/**
 * `node dist/server/main.js doctor [--json]` (or `npm run doctor`): checks the deployment this
 * environment describes and prints what passed, what did not, and what to do. Exit code 0 only when
 * every check passed. Safe beside running PostgreSQL processes; the embedded database opens in one
 * process at a time, so with it stop Tailor first.
 */
export async function doctorCommand(
  config: Config,
  args: string[] = [],
  opts: Omit<DoctorOptions, 'config' | 'database'> & { print?: (line: string) => void } = {},
): Promise<number> {
  const print = opts.print ?? ((line: string) => console.log(line));
  let database: Database | null = null;
  let opened: DoctorOptions['database'];
  try {
    database = await openExisting(config);
    opened = database;
  } catch (err) {
    opened = { error: err };
  }
  let report: DoctorReport;
  try {
    report = await runDoctor({ ...opts, config, database: opened });
  } finally {
    await database?.close();
  }
  if (args.includes('--json')) print(JSON.stringify(report, null, 2));
  else for (const line of formatReport(report)) print(line);
  return report.ok ? 0 : 1;
}

/** The database as it is: never created (a new embedded one) and never migrated by the doctor. */
function openExisting(config: Config): Promise<Database> {
  if (!config.databaseUrl && !fs.existsSync(path.join(config.dataDir, 'pglite', 'PG_VERSION'))) {
    throw new NoEmbeddedDatabase();
  }
  return openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    pgliteSharedBuffers: config.pgliteSharedBuffers,
    pgliteTemplateDir: null,
  });
}

/** The report as the operator reads it: one block per check, then the count. */
export function formatReport(report: DoctorReport): string[] {
  const lines = [`Tailor doctor, ${report.checkedAt}`, ''];
  for (const check of report.checks) {
    lines.push(`${LABELS[check.status]}  ${check.title}`);
    lines.push(`      ${check.why}`);
    if (check.todo) lines.push(`      To do: ${check.todo}`);
  }
  const count = (status: DoctorCheck['status']) => report.checks.filter((c) => c.status === status).length;
  lines.push('');
  lines.push(
    report.ok
      ? `All ${report.checks.length} checks passed.`
      : `${count('pass')} passed, ${count('warn')} warning(s), ${count('fail')} failed: fix what is marked above, then run the doctor again.`,
  );
  return lines;
}
