import { spawn } from 'node:child_process';
import fs from 'node:fs';
import pg from 'pg';
import { BackupError } from './backup-file';

/**
 * PostgreSQL is backed up and restored by the installed pg_dump and pg_restore, in pg_dump's
 * custom format (compressed, restorable table by table). pg_dump reads one snapshot, so the
 * backup is consistent while Tailor runs. The password goes to them in PGPASSWORD, not on the
 * command line where any user of the machine could read it.
 */
export async function dumpPostgres(databaseUrl: string, file: string): Promise<void> {
  if (fs.existsSync(file)) throw new BackupError(`${file} already exists; choose another file name.`);
  const partial = `${file}.partial`;
  try {
    await run(
      'pg_dump',
      ['--format=custom', '--no-owner', '--no-privileges', `--file=${partial}`],
      databaseUrl,
    );
    fs.renameSync(partial, file);
  } finally {
    fs.rmSync(partial, { force: true });
  }
}

/**
 * Restores a pg_dump archive into DATABASE_URL, which must be an empty database: one holding
 * any table, view or sequence is refused with nothing touched. The restore is one transaction,
 * so a restore that fails leaves the database as empty as it was.
 */
export async function restorePostgres(databaseUrl: string, file: string): Promise<void> {
  const relations = await countRelations(databaseUrl);
  if (relations > 0) {
    throw new BackupError(
      `The database in DATABASE_URL is not empty (${relations} tables, views or sequences); restore only into ` +
        'an empty database. Nothing was changed: create a new database (createdb) and point DATABASE_URL at it.',
    );
  }
  await run(
    'pg_restore',
    ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', file],
    databaseUrl,
  );
}

/** Tables, views, sequences and the like outside PostgreSQL's own schemas. */
async function countRelations(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_class c JOIN pg_namespace s ON s.oid = c.relnamespace
        WHERE s.nspname NOT IN ('pg_catalog', 'information_schema') AND s.nspname NOT LIKE 'pg\\_%'`,
    );
    return rows[0]!.n;
  } finally {
    await client.end();
  }
}

/** Runs pg_dump or pg_restore on the database of `databaseUrl`; its error output becomes the error. */
function run(tool: 'pg_dump' | 'pg_restore', args: string[], databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  const env = { ...process.env, ...(password ? { PGPASSWORD: password } : {}) };
  return new Promise((resolve, reject) => {
    const child = spawn(tool, [...args, `--dbname=${url.href}`], {
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    child.once('error', (err: NodeJS.ErrnoException) =>
      reject(
        new BackupError(
          err.code === 'ENOENT'
            ? `${tool} is not installed; install PostgreSQL's client programs of your server's version (e.g. postgresql-client).`
            : `${tool} could not start: ${err.message}`,
        ),
      ),
    );
    child.once('close', (code) =>
      code === 0
        ? resolve()
        : reject(new BackupError(`${tool} failed (exit code ${code}): ${stderr.trim()}`)),
    );
  });
}
