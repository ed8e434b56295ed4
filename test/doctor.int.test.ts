import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sealTokens } from '../src/server/auth/provider-tokens';
import { closeContext, createContext } from '../src/server/bootstrap';
import { loadConfig } from '../src/server/config';
import { MIGRATIONS_FOLDER, openDatabase } from '../src/server/db/client';
import { doctorCommand } from '../src/server/doctor-command';
import { upsertUserFromIdentity } from '../src/server/queries/users';
import { type FakeAi, startFakeAi } from './fakes/ai-server';
import { type FakeDns, startFakeDns } from './fakes/dns-server';
import { type FakeOidc, startFakeOidc } from './fakes/oidc-provider';
import { type SmtpSink, startSmtpSink } from './fakes/smtp-sink';
import { TEST_NODE_FLAGS } from './support/node-flags';
import { adminQuery, databaseUrl } from './support/postgres';
import { outputOf } from './support/run-script';
import { bundledProgram } from './support/spawn-server';
import { testDatabases } from './support/test-app';

const ROOT = path.resolve(import.meta.dirname, '..');
const PUBLIC_URL = 'http://127.0.0.1:5999';
const SECRET_KEY = 'doctor-test-secret-key-Zq8W2mX4vN7pR1tY';
const TLS = {
  key: fs.readFileSync('test/fixtures/tls/relay.key', 'utf8'),
  cert: fs.readFileSync('test/fixtures/tls/relay.pem', 'utf8'),
  startTls: true,
};
const JOURNAL = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as {
  entries: { tag: string }[];
};
const LAST_MIGRATION = JOURNAL.entries.at(-1)!.tag;
/** Plenty of room, whatever the test machine's disk holds. */
const diskSpace = async () => ({ freeBytes: 50 * 1024 ** 3, totalBytes: 100 * 1024 ** 3 });
const silent = pino({ level: 'silent' });

describe.each(testDatabases())('doctor (%s)', (kind) => {
  let oidc: FakeOidc;
  let ai: FakeAi;
  let dns: FakeDns;
  let smtp: SmtpSink;
  let dataDir: string;
  let dropDatabase = async () => {};
  let good: Record<string, string>;

  beforeAll(async () => {
    const client = (name: string) => ({
      clientId: `${name}-client`,
      clientSecret: `${name}-secret`,
      redirectUris: [`${PUBLIC_URL}/api/auth/${name === 'google' ? 'google' : 'outlook'}/callback`],
    });
    [oidc, ai, dns, smtp] = await Promise.all([
      startFakeOidc({ google: client('google'), microsoft: client('microsoft') }),
      startFakeAi(),
      startFakeDns({
        'good.example': ['v=spf1 include:_spf.google.com ~all'],
        '_dmarc.good.example': ['v=DMARC1; p=quarantine'],
        'google._domainkey.good.example': [`v=DKIM1; k=rsa; p=${'A'.repeat(392)}`],
      }),
      startSmtpSink({ tls: TLS, users: { tailor: 'right-password' } }),
    ]);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tailor-doctor-'));
    const dbEnv: Record<string, string> = {};
    if (kind === 'postgres') {
      const template = inject('pgTemplate')!;
      const name = `${template.name.replace('tailor_tpl', 'tailor_t')}_${crypto.randomBytes(4).toString('hex')}`;
      await adminQuery(template.serverUrl, `CREATE DATABASE ${name} TEMPLATE ${template.name}`);
      dbEnv.DATABASE_URL = databaseUrl(template.serverUrl, name);
      dropDatabase = () =>
        adminQuery(template.serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).then(() => {});
    }
    good = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      ...dbEnv,
      SECRET_KEY,
      PUBLIC_URL,
      GOOGLE_CLIENT_ID: 'google-client',
      GOOGLE_CLIENT_SECRET: 'google-secret',
      GOOGLE_ISSUER: oidc.googleIssuer,
      MICROSOFT_CLIENT_ID: 'microsoft-client',
      MICROSOFT_CLIENT_SECRET: 'microsoft-secret',
      MICROSOFT_ISSUER: oidc.microsoftIssuer,
      SMTP_URL: `smtp://tailor:right-password@127.0.0.1:${smtp.port}`,
      SMTP_STARTTLS: 'required',
      SMTP_TLS_CA: 'test/fixtures/tls/ca.pem',
      SEND_TIMEOUT_MS: '5000',
      MAIL_DOMAIN: 'good.example',
      DNS_SERVERS: dns.server,
      DNS_TIMEOUT_MS: '2000',
      ...ai.env,
    };
    // The app creates and migrates the database, and a Gmail user's tokens are sealed with SECRET_KEY.
    const ctx = await createContext(loadConfig(good, false), 'web', silent);
    await upsertUserFromIdentity(
      ctx.db,
      {
        provider: 'google',
        subject: 'g-doctor',
        email: 'doctor@good.example',
        firstName: null,
        lastName: null,
        profileImageUrl: null,
      },
      sealTokens(ctx, { accessToken: 'access', refreshToken: 'refresh', expiresAt: null, scopes: null }),
    );
    await closeContext(ctx);
  });
  afterAll(async () => {
    await Promise.all([oidc?.close(), ai?.close(), dns?.close(), smtp?.close()]);
    await dropDatabase();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function doctor(overrides: Record<string, string> = {}, args: string[] = []) {
    const lines: string[] = [];
    const code = await doctorCommand(loadConfig({ ...good, ...overrides }, false), args, {
      diskSpace,
      print: (line) => lines.push(line),
    });
    return { code, lines, text: lines.join('\n') };
  }

  /** The check's block as printed: its status line, why, and what to do. */
  const block = (lines: string[], title: string) => {
    const start = lines.findIndex((l) => l.endsWith(`  ${title}`));
    expect(start, `no "${title}" in:\n${lines.join('\n')}`).toBeGreaterThanOrEqual(0);
    const end = lines.findIndex((l, i) => i > start && !l.startsWith('      '));
    return lines.slice(start, end);
  };

  it('passes every check of a good configuration, with exit code 0', async () => {
    const { code, lines, text } = await doctor();
    expect(text).not.toMatch(/^(WARN|FAIL) /m);
    expect(lines.filter((l) => l.startsWith('PASS  ')).map((l) => l.slice(6))).toEqual([
      'Database',
      'Database migrations',
      'Secret key (SECRET_KEY)',
      'Google sign-in redirect URL',
      'Microsoft sign-in redirect URL',
      'SMTP relay (SMTP_URL)',
      'IMAP mailbox (IMAP_URL)',
      'AI provider (AI_PROVIDER)',
      'DNS of MAIL_DOMAIN',
      'Clock',
      'Free disk for DATA_DIR',
    ]);
    expect(lines.at(-1)).toBe('All 11 checks passed.');
    expect(code).toBe(0);
    expect(block(lines, 'SMTP relay (SMTP_URL)')[1]).toBe(
      `      smtp://tailor:****@127.0.0.1:${smtp.port} accepts a session over TLS, logged in.`,
    );
    expect(block(lines, 'Secret key (SECRET_KEY)')[1]).toBe(
      `      SECRET_KEY (${SECRET_KEY.length} characters) opens the stored sign-in tokens.`,
    );
    // The one tiny AI call, and no mail sent.
    expect(ai.requests).toHaveLength(1);
    expect(smtp.count()).toBe(0);
  });

  it('names a wrong SMTP password, and what to do, with exit code 1', async () => {
    const { code, lines } = await doctor({ SMTP_URL: `smtp://tailor:wrong-password@127.0.0.1:${smtp.port}` });
    expect(block(lines, 'SMTP relay (SMTP_URL)')).toEqual([
      'FAIL  SMTP relay (SMTP_URL)',
      `      smtp://tailor:****@127.0.0.1:${smtp.port} refused the login: Invalid login: 535 5.7.8 Authentication credentials invalid.`,
      '      To do: Check the user name and password in SMTP_URL (special characters in them must be percent-encoded).',
    ]);
    expect(lines.at(-1)).toBe(
      '10 passed, 0 warning(s), 1 failed: fix what is marked above, then run the doctor again.',
    );
    expect(code).toBe(1);
  });

  it('names a redirect URL the providers do not accept, and where to register it', async () => {
    const { code, lines } = await doctor({ PUBLIC_URL: 'http://localhost:5999' });
    expect(block(lines, 'Google sign-in redirect URL')).toEqual([
      'FAIL  Google sign-in redirect URL',
      '      Google does not accept the redirect URL http://localhost:5999/api/auth/google/callback (derived from PUBLIC_URL).',
      "      To do: Add http://localhost:5999/api/auth/google/callback to the OAuth client's Authorized redirect URIs in Google Cloud Console (APIs & Services, Credentials), or set PUBLIC_URL to the address registered there.",
    ]);
    expect(block(lines, 'Microsoft sign-in redirect URL')).toEqual([
      'FAIL  Microsoft sign-in redirect URL',
      '      Microsoft does not accept the redirect URL http://localhost:5999/api/auth/outlook/callback (derived from PUBLIC_URL).',
      "      To do: Add http://localhost:5999/api/auth/outlook/callback to the app registration's Web redirect URIs in Microsoft Entra (App registrations, Authentication), or set PUBLIC_URL to the address registered there.",
    ]);
    expect(code).toBe(1);
  });

  it('--json prints the same checks as structured results, for monitoring', async () => {
    const { code, text } = await doctor({ SMTP_URL: `smtp://tailor:wrong-password@127.0.0.1:${smtp.port}` }, [
      '--json',
    ]);
    const report = JSON.parse(text);
    expect(report.ok).toBe(false);
    expect(report.checks.map((c: { id: string; status: string }) => `${c.id} ${c.status}`)).toEqual([
      'database pass',
      'migrations pass',
      'secret-key pass',
      'sign-in-google pass',
      'sign-in-microsoft pass',
      'smtp fail',
      'imap pass',
      'ai pass',
      'dns pass',
      'clock pass',
      'disk pass',
    ]);
    expect(code).toBe(1);
  });

  it('names a SECRET_KEY that does not open the stored tokens', async () => {
    const { code, lines } = await doctor({ SECRET_KEY: 'another-secret-key-Hf3kL9pQ2wE7rT5yU1' });
    expect(block(lines, 'Secret key (SECRET_KEY)')[1]).toMatch(
      /^ {6}SECRET_KEY \(37 characters\) does not open the sign-in tokens stored in the database \(account \d+\): they were sealed with another key\.$/,
    );
    expect(code).toBe(1);
  });

  // Last: it takes a migration's record out of the shared database.
  it('names a migration that is not applied', async () => {
    const database = await openDatabase({
      databaseUrl: good.DATABASE_URL || undefined,
      dataDir,
      pgliteTemplateDir: null,
    });
    await database.db.execute(
      sql`DELETE FROM drizzle.__drizzle_migrations WHERE created_at = (SELECT max(created_at) FROM drizzle.__drizzle_migrations)`,
    );
    await database.close();
    const { code, lines } = await doctor();
    expect(block(lines, 'Database migrations')).toEqual([
      'FAIL  Database migrations',
      `      1 of ${JOURNAL.entries.length} migrations are not applied: ${LAST_MIGRATION}.`,
      '      To do: Start Tailor once (role all or web): it applies the missing migrations at start-up. Back up the database first.',
    ]);
    expect(code).toBe(1);
  });
});

describe('doctor from the command line', () => {
  let smtp: SmtpSink;
  let dataDir: string;
  beforeAll(async () => {
    smtp = await startSmtpSink({ users: { tailor: 'right-password' } });
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tailor-doctor-cli-'));
  });
  afterAll(async () => {
    await smtp?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('exits 1, naming the SMTP login failure and a data folder without a database, and creates none', async () => {
    const run = await runMain(['doctor'], {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      SECRET_KEY,
      SMTP_URL: `smtp://tailor:wrong-password@127.0.0.1:${smtp.port}`,
      SMTP_STARTTLS: 'never',
      MAIL_DOMAIN: 'good.example',
      DNS_SERVERS: '127.0.0.1:9',
      DNS_TIMEOUT_MS: '500',
    });
    expect(run.stdout).toContain(
      `FAIL  SMTP relay (SMTP_URL)\n      smtp://tailor:****@127.0.0.1:${smtp.port} refused the login: Invalid login: 535 5.7.8 Authentication credentials invalid.\n`,
    );
    expect(run.stdout).toContain(
      `FAIL  Database\n      the embedded database in ${path.join(dataDir, 'pglite')} could not be opened: there is none yet (Tailor creates it at its first start).\n      To do: Start Tailor once (it creates and migrates the database), or point DATA_DIR or DATABASE_URL at the existing one.\n`,
    );
    expect(run.stdout).not.toContain('wrong-password');
    expect(fs.readdirSync(dataDir)).toEqual([]);
    expect(run.code).toBe(1);
  });
});

/** `node main.js <args>`, bundled as the build bundles it (as `npm run doctor` runs it), with only `env` set. */
function runMain(args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, [...TEST_NODE_FLAGS, bundledProgram('src/server/main.ts'), ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return outputOf(child, 60_000);
}
