import fs from 'node:fs';
import path from 'node:path';
import { desc, isNotNull, sql } from 'drizzle-orm';
import { deriveKey } from '../../auth/secret-key';
import { createTokenCipher } from '../../auth/token-cipher';
import type { Config } from '../../config';
import { type Database, MIGRATIONS_FOLDER, selectRows } from '../../db/client';
import { DataDirLockedError } from '../../db/data-dir-lock';
import { oauthAccounts } from '../../db/schema';
import { type DoctorCheck, fail, pass, reasonOf, warn } from './doctor-check';

/** pg-boss 10, the job queue, needs PostgreSQL 13 or later. */
const MIN_POSTGRES_MAJOR = 13;
/** SECRET_KEY's length floor, as loadMasterSecret enforces it. */
const MIN_SECRET_LENGTH = 32;
/** A key with fewer different characters than this was typed, not generated. */
const MIN_SECRET_DISTINCT = 12;

const DATABASE = 'Database';
const MIGRATIONS = 'Database migrations';
const SECRET = 'Secret key (SECRET_KEY)';

/** Where the database is, without its password: "PostgreSQL at db.internal:5432/tailor" or the data folder. */
export function databaseWhere(config: Config): string {
  if (!config.databaseUrl) return `the embedded database in ${path.join(config.dataDir, 'pglite')}`;
  const url = new URL(config.databaseUrl);
  return `PostgreSQL at ${url.host}${url.pathname}`;
}

/** The database answers, and its server is recent enough. */
export async function checkDatabase(database: Database, config: Config): Promise<DoctorCheck> {
  const [row] = await selectRows<{ server_version: string }>(database.db, sql`SHOW server_version`);
  const version = row?.server_version ?? 'unknown';
  if (database.kind === 'pglite') {
    return pass('database', DATABASE, `${databaseWhere(config)} opens (PostgreSQL ${version}, built in).`);
  }
  const major = Number.parseInt(version, 10);
  if (major < MIN_POSTGRES_MAJOR) {
    return fail(
      'database',
      DATABASE,
      `${databaseWhere(config)} runs PostgreSQL ${version}; Tailor's job queue needs ${MIN_POSTGRES_MAJOR} or later.`,
      `Upgrade the server to PostgreSQL ${MIN_POSTGRES_MAJOR} or later (16 or 17 recommended).`,
    );
  }
  return pass('database', DATABASE, `${databaseWhere(config)} answers (PostgreSQL ${version}).`);
}

/** DATA_DIR holds no embedded database yet: the doctor does not create one. */
export class NoEmbeddedDatabase extends Error {
  constructor() {
    super('there is none yet (Tailor creates it at its first start)');
  }
}

/** The database could not be opened at all: every check that needs it says so once, here. */
export function databaseUnreachable(config: Config, err: unknown): DoctorCheck {
  const todo =
    err instanceof NoEmbeddedDatabase
      ? 'Start Tailor once (it creates and migrates the database), or point DATA_DIR or DATABASE_URL at the existing one.'
      : err instanceof DataDirLockedError
        ? 'The embedded database opens in one process at a time: stop Tailor, run the doctor, start Tailor again.'
        : config.databaseUrl
          ? 'Check DATABASE_URL (host, port, user, password, database name) and that the server accepts connections from here.'
          : 'Check that DATA_DIR is the folder Tailor uses and that this user may read and write it.';
  return fail('database', DATABASE, `${databaseWhere(config)} could not be opened: ${reasonOf(err)}.`, todo);
}

type JournalEntry = { tag: string; when: number };

/** Every migration this version of Tailor ships is applied, and none it does not know. */
export async function checkMigrations(database: Database): Promise<DoctorCheck> {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  let applied: Set<number>;
  try {
    // Drizzle records each applied migration by its journal timestamp (created_at).
    const rows = await selectRows<{ created_at: string }>(
      database.db,
      sql`SELECT created_at FROM drizzle.__drizzle_migrations`,
    );
    applied = new Set(rows.map((r) => Number(r.created_at)));
  } catch {
    applied = new Set();
  }
  const known = new Set(journal.entries.map((e) => e.when));
  const unknown = [...applied].filter((when) => !known.has(when));
  if (unknown.length > 0) {
    return fail(
      'migrations',
      MIGRATIONS,
      `The database has ${unknown.length} migration(s) this version of Tailor does not know: a newer version wrote it.`,
      'Run the newer version of Tailor again, or restore the backup taken before the upgrade.',
    );
  }
  const missing = journal.entries.filter((e) => !applied.has(e.when)).map((e) => e.tag);
  const total = journal.entries.length;
  if (missing.length > 0) {
    return fail(
      'migrations',
      MIGRATIONS,
      `${missing.length} of ${total} migrations are not applied: ${missing.join(', ')}.`,
      'Start Tailor once (role all or web): it applies the missing migrations at start-up. Back up the database first.',
    );
  }
  return pass(
    'migrations',
    MIGRATIONS,
    `All ${total} migrations are applied (the last is ${journal.entries.at(-1)?.tag}).`,
  );
}

/**
 * SECRET_KEY (or the key generated into DATA_DIR) is there, long and varied enough, and opens the
 * newest sign-in token stored in the database: a wrong key signs every Gmail and Outlook user out.
 */
export async function checkSecretKey(config: Config, database: Database | null): Promise<DoctorCheck> {
  const keyFile = path.join(config.dataDir, 'secret.key');
  let master: string | null = null;
  let source: string;
  if (config.secretKey) {
    source = `SECRET_KEY (${config.secretKey.length} characters)`;
    if (config.secretKey.length < MIN_SECRET_LENGTH) {
      return fail(
        'secret-key',
        SECRET,
        `SECRET_KEY has ${config.secretKey.length} characters; Tailor refuses to start with fewer than ${MIN_SECRET_LENGTH}.`,
        'Generate one with: openssl rand -base64 48 (then run rotate-secret if tokens were sealed with the old one).',
      );
    }
    master = config.secretKey;
  } else if (config.isProduction) {
    return fail(
      'secret-key',
      SECRET,
      'SECRET_KEY is not set, and production requires it (every process must share one key).',
      'Set SECRET_KEY to the output of: openssl rand -base64 48',
    );
  } else if (fs.existsSync(keyFile)) {
    source = `the key generated into ${keyFile}`;
    master = fs.readFileSync(keyFile, 'utf8').trim();
  } else {
    source = 'a key generated into DATA_DIR at the first start';
  }

  const weak = config.secretKey && new Set(config.secretKey).size < MIN_SECRET_DISTINCT;
  if (database && master !== null) {
    const [sealed] = await database.db
      .select({ id: oauthAccounts.id, token: oauthAccounts.accessTokenEnc })
      .from(oauthAccounts)
      .where(isNotNull(oauthAccounts.accessTokenEnc))
      .orderBy(desc(oauthAccounts.id))
      .limit(1);
    if (sealed?.token) {
      try {
        createTokenCipher(deriveKey(Buffer.from(master, 'utf8'), 'tokens')).decrypt(sealed.token);
      } catch {
        return fail(
          'secret-key',
          SECRET,
          `${source} does not open the sign-in tokens stored in the database (account ${sealed.id}): they were sealed with another key.`,
          'Set SECRET_KEY back to the key in use when they were stored; to change keys, run rotate-secret with OLD_SECRET_KEY.',
        );
      }
      if (weak) return weakKey(source);
      return pass('secret-key', SECRET, `${source} opens the stored sign-in tokens.`);
    }
  }
  if (weak) return weakKey(source);
  if (!config.secretKey && config.databaseUrl) {
    return warn(
      'secret-key',
      SECRET,
      `SECRET_KEY is not set, so ${source} is used; other processes on this database cannot share it.`,
      'Set SECRET_KEY to the contents of that file in every process before adding a second one.',
    );
  }
  if (master === null) {
    return pass(
      'secret-key',
      SECRET,
      'SECRET_KEY is not set: Tailor generates a key into DATA_DIR at its first start, which suits one process.',
    );
  }
  const untried = database
    ? 'no sign-in tokens are stored yet to try it on'
    : 'the stored sign-in tokens could not be tried without the database';
  return pass('secret-key', SECRET, `${source} is in place; ${untried}.`);
}

function weakKey(source: string) {
  return warn(
    'secret-key',
    SECRET,
    `${source} uses fewer than ${MIN_SECRET_DISTINCT} different characters: it looks typed, not generated.`,
    'Generate one with: openssl rand -base64 48, and move to it with rotate-secret (OLD_SECRET_KEY).',
  );
}

/** On PostgreSQL the server's own clock, for the clock check; the embedded database shares ours. */
export async function databaseClock(database: Database): Promise<Date | null> {
  if (database.kind !== 'postgres') return null;
  try {
    const [row] = await selectRows<{ now: string | Date }>(database.db, sql`SELECT now() AS now`);
    return row ? new Date(row.now) : null;
  } catch {
    return null;
  }
}
