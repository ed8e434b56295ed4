import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { checkAi } from './ai-check';
import {
  checkDatabase,
  checkMigrations,
  checkSecretKey,
  databaseClock,
  databaseUnreachable,
} from './database-checks';
import { type DoctorCheck, fail } from './doctor-check';
import { type ClockSample, checkClock, checkDisk, checkMailDomain, type DiskSpace } from './host-checks';
import { checkImap, checkSmtp } from './mail-server-checks';
import { checkSignIn } from './sign-in-checks';

export type DoctorReport = {
  checkedAt: string;
  /** True only when every check passed: the command's exit code 0. */
  ok: boolean;
  checks: DoctorCheck[];
};

export type DoctorOptions = {
  config: Config;
  /** The open database (the app's own, or one the command opened), or why it could not be opened. */
  database: Database | { error: unknown };
  now?: () => Date;
  /** Tests only: the free space of a folder. */
  diskSpace?: (dir: string) => Promise<DiskSpace>;
};

/**
 * Checks every part of a deployment an operator sets up, in the order they would fix them. Reads
 * only: it opens connections and makes one tiny AI call, but changes no row and sends no mail.
 * The checks that reach other servers run at once; each reports its own failure, so one server
 * down never hides what the others say.
 */
export async function runDoctor(opts: DoctorOptions): Promise<DoctorReport> {
  const { config } = opts;
  const now = opts.now ?? (() => new Date());
  const samples: ClockSample[] = [];
  const sawDate = (source: string, header: string | null) => {
    const at = header ? new Date(header) : null;
    if (at && !Number.isNaN(at.getTime())) samples.push({ source, at, localAt: now() });
  };
  const database = 'error' in opts.database ? null : opts.database;

  const databaseChecks = database
    ? [
        await guard('database', 'Database', () => checkDatabase(database, config)),
        await guard('migrations', 'Database migrations', () => checkMigrations(database)),
      ]
    : [databaseUnreachable(config, (opts.database as { error: unknown }).error)];
  const secret = await guard('secret-key', 'Secret key (SECRET_KEY)', () => checkSecretKey(config, database));
  if (database) {
    const at = await databaseClock(database);
    if (at) samples.push({ source: 'the PostgreSQL server', at, localAt: now() });
  }

  const [signIn, smtp, imap, ai, dns, disk] = await Promise.all([
    checkSignIn(config, sawDate).catch((err) => [broken('sign-in', 'Sign-in providers', err)]),
    guard('smtp', 'SMTP relay (SMTP_URL)', () => checkSmtp(config.mail.smtp)),
    guard('imap', 'IMAP mailbox (IMAP_URL)', () => checkImap(config.mail.imap)),
    guard('ai', 'AI provider (AI_PROVIDER)', () => checkAi(config, sawDate)),
    guard('dns', 'DNS of MAIL_DOMAIN', () => checkMailDomain(config, now)),
    guard('disk', 'Free disk for DATA_DIR', () => checkDisk(config.dataDir, opts.diskSpace)),
  ]);
  const checks = [...databaseChecks, secret, ...signIn, smtp, imap, ai, dns, checkClock(samples), disk];
  return { checkedAt: now().toISOString(), ok: checks.every((c) => c.status === 'pass'), checks };
}

/** A check that threw is a bug in the doctor, not a verdict on the deployment: say so, and go on. */
async function guard(id: string, title: string, check: () => Promise<DoctorCheck>): Promise<DoctorCheck> {
  try {
    return await check();
  } catch (err) {
    return broken(id, title, err);
  }
}

function broken(id: string, title: string, err: unknown): DoctorCheck {
  return fail(
    id,
    title,
    `The check itself failed: ${err instanceof Error ? err.message : String(err)}.`,
    'Run the doctor again; if it repeats, report it with this message.',
  );
}
