import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import dotenv from 'dotenv';
import { z } from 'zod';
import { parseAllowedNetworks } from './lib/address-guard';
import { isIpAddress, messageIdDomainFor } from './lib/message-id-domain';

/** The project's root folder (the one holding package.json), from wherever this file was built to. */
export const ROOT_DIR = findRoot(path.dirname(fileURLToPath(import.meta.url)));

const boolFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const optionalString = z
  .string()
  .optional()
  .transform((v) => (v?.trim() ? v.trim() : undefined));
const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().default('./data'),
  BACKUP_DIR: optionalString,
  BACKUP_INTERVAL_HOURS: z.coerce.number().positive().optional(),
  BACKUP_KEEP: positiveInt(7),
  DATABASE_URL: optionalString,
  PGLITE_SHARED_BUFFERS: z
    .string()
    .regex(/^[1-9]\d*(kB|MB|GB)$/, 'must be a size such as 32MB')
    .default('32MB'),
  SECRET_KEY: optionalString,
  /** Only for the rotate-secret command: the key the stored tokens are encrypted with now. */
  OLD_SECRET_KEY: optionalString,
  TRUST_PROXY: boolFlag.default(false),
  OPERATOR_EMAILS: optionalString,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  METRICS_TOKEN: optionalString.refine((v) => v === undefined || v.length >= 16, {
    message: 'must be at least 16 characters',
  }),
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),

  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
  MICROSOFT_CLIENT_ID: optionalString,
  MICROSOFT_CLIENT_SECRET: optionalString,
  MICROSOFT_TENANT: z.string().default('common'),
  MICROSOFT_ISSUER: z.url().optional(),
  MAILBOX_READ_SCOPE: boolFlag.default(false),
  LOCAL_SIGN_IN: boolFlag.optional(),

  SESSION_IDLE_HOURS: positiveInt(72),
  SESSION_MAX_DAYS: positiveInt(30),
  BODY_LIMIT_BYTES: positiveInt(1024 * 1024),
  AUTH_RATE_LIMIT_PER_MINUTE: positiveInt(30),
  API_TOKEN_RATE_LIMIT_PER_MINUTE: positiveInt(300),
  WEBHOOK_ALLOWED_NETWORKS: optionalString.refine(
    (v) => {
      try {
        parseAllowedNetworks(v);
        return true;
      } catch {
        return false;
      }
    },
    { message: 'must be IP addresses or networks separated by commas, e.g. 10.0.0.0/8,127.0.0.1' },
  ),
  WEBHOOK_TIMEOUT_SECONDS: positiveInt(15),
  WEBHOOK_CONCURRENCY: positiveInt(16),
  WEBHOOK_LOG_DAYS: positiveInt(30),
  IDEMPOTENCY_WAIT_SECONDS: z.coerce.number().int().min(0).max(60).default(10),
  AI_PROVIDER: z.enum(['openai', 'anthropic', 'google', 'openai-compatible']).optional(),
  AI_MODEL: optionalString,
  AI_API_KEY: optionalString,
  AI_BASE_URL: z.url().optional(),
  AI_IMAGE_MODEL: optionalString,
  AI_CONCURRENCY: positiveInt(8),
  AI_MAX_RETRIES: z.coerce.number().int().min(0).max(10).default(3),
  AI_TIMEOUT_MS: positiveInt(60_000),

  IMPORT_MAX_BYTES: positiveInt(50 * 1024 * 1024),
  IMPORT_MAX_ROWS: positiveInt(200_000),
  GENERATION_CHUNK_SECONDS: positiveInt(20),
  GENERATION_JOB_EXPIRE_SECONDS: positiveInt(120),
  JOB_MAINTENANCE_SECONDS: positiveInt(30),

  SMTP_URL: optionalString
    .refine((v) => v === undefined || /^smtps?:\/\/[^/]/i.test(v), {
      message: 'must start with smtp:// (STARTTLS when offered) or smtps:// (implicit TLS, usually port 465)',
    })
    .refine((v) => v === undefined || !v.includes('?'), {
      message:
        'takes no options after "?": use SMTP_STARTTLS, SMTP_TLS_CA, SMTP_TLS_REJECT_UNAUTHORIZED and SMTP_NAME',
    }),
  SMTP_STARTTLS: z.enum(['opportunistic', 'required', 'never']).default('opportunistic'),
  SMTP_TLS_CA: optionalString,
  SMTP_TLS_REJECT_UNAUTHORIZED: boolFlag.default(true),
  SMTP_NAME: optionalString,
  SEND_TIMEOUT_MS: positiveInt(60_000),
  IMAP_URL: optionalString.refine((v) => v === undefined || /^imaps?:\/\/[^/]/i.test(v), {
    message: 'must start with imap:// (STARTTLS when offered) or imaps:// (implicit TLS, usually port 993)',
  }),
  IMAP_MAILBOX: z.string().min(1).default('INBOX'),
  MAILBOX_RESCAN_DAYS: positiveInt(7),
  GMAIL_API_URL: z.url().default('https://gmail.googleapis.com/gmail'),
  GRAPH_API_URL: z.url().default('https://graph.microsoft.com'),
  SEND_PACING: boolFlag.default(true),
  GMAIL_SENDS_PER_MINUTE: positiveInt(60),
  GRAPH_SENDS_PER_MINUTE: positiveInt(30),
  SMTP_SENDS_PER_MINUTE: positiveInt(120),
  SEND_MAX_ATTEMPTS: positiveInt(8),
  SENDING_LEASE_SECONDS: positiveInt(120),
  MAIL_DOMAIN: optionalString.refine((v) => v === undefined || !isIpAddress(v), {
    message: 'must be the domain you send from, not an IP address (Message-IDs are made on it)',
  }),
  COMPOSE_THREADS: z.coerce.number().int().min(0).max(32).optional(),

  DNS_SERVERS: optionalString,
  DNS_TIMEOUT_MS: positiveInt(5000),

  /** Tests only: a file of milliseconds the app adds to the real time when deciding what is due. */
  CLOCK_OFFSET_FILE: optionalString,

  LEGAL_ENTITY: z.string().default('the operator of this Tailor installation'),
  LEGAL_CONTACT_EMAIL: z.string().default('privacy@example.com'),
  LEGAL_STATE: z.string().default('Delaware'),
});

export type Config = ReturnType<typeof loadConfig>;

/**
 * Reads and validates the environment once. A bad value stops start-up with a message naming
 * the variable. `overrides` lets tests build a config without touching process.env.
 */
/** All cores but one, up to 4: the rest of the worker (database, network) keeps a core. */
export function defaultComposeThreads() {
  return Math.min(4, Math.max(0, os.availableParallelism() - 1));
}

export function loadConfig(overrides: Record<string, string | undefined> = {}, useDotenv = true) {
  if (useDotenv) dotenv.config({ path: path.join(ROOT_DIR, '.env'), quiet: true });
  // An empty value (as .env.example leaves them) means "use the default".
  const raw = Object.fromEntries(
    Object.entries({ ...process.env, ...overrides }).filter(([, v]) => v !== undefined && v !== ''),
  );
  const parsed = envSchema.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const isProduction = env.NODE_ENV === 'production';
  const publicUrl = new URL(env.PUBLIC_URL ?? `http://localhost:${env.PORT}`);
  const google =
    env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
      ? { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET, issuer: env.GOOGLE_ISSUER }
      : null;
  const microsoft =
    env.MICROSOFT_CLIENT_ID && env.MICROSOFT_CLIENT_SECRET
      ? {
          clientId: env.MICROSOFT_CLIENT_ID,
          clientSecret: env.MICROSOFT_CLIENT_SECRET,
          issuer: env.MICROSOFT_ISSUER ?? `https://login.microsoftonline.com/${env.MICROSOFT_TENANT}/v2.0`,
        }
      : null;
  // Local sign-in has no password: by default only when no provider exists and not in production.
  const localSignIn = env.LOCAL_SIGN_IN ?? (!google && !microsoft && !isProduction);
  return {
    env: env.NODE_ENV,
    isProduction,
    host: env.HOST,
    port: env.PORT,
    publicUrl,
    dataDir: path.resolve(ROOT_DIR, env.DATA_DIR),
    backup: {
      /** Where `backup` and the scheduled backups put their files. */
      dir: path.resolve(ROOT_DIR, env.BACKUP_DIR ?? path.join(env.DATA_DIR, 'backups')),
      /** The embedded database is backed up this often by the process that has it open; unset: never. */
      intervalMs: env.BACKUP_INTERVAL_HOURS === undefined ? null : env.BACKUP_INTERVAL_HOURS * 3600_000,
      /** Scheduled backups kept; the oldest beyond this are deleted. */
      keep: env.BACKUP_KEEP,
    },
    /** Tests only (CLOCK_OFFSET_FILE): see lib/clock.ts. */
    clockOffsetFile: env.CLOCK_OFFSET_FILE ?? null,
    databaseUrl: env.DATABASE_URL,
    /** shared_buffers of the embedded database: all of it is resident (see db/pglite-start.ts). */
    pgliteSharedBuffers: env.PGLITE_SHARED_BUFFERS,
    secretKey: env.SECRET_KEY,
    oldSecretKey: env.OLD_SECRET_KEY,
    logLevel: env.LOG_LEVEL,
    metrics: {
      /** When set, /metrics requires `Authorization: Bearer <token>`; otherwise loopback callers only. */
      token: env.METRICS_TOKEN,
      /** A worker serves /metrics, /healthz and /readyz on this port (web processes use PORT). */
      port: env.METRICS_PORT,
    },
    /** Behind a reverse proxy, trust X-Forwarded-* for client addresses and protocol. */
    trustProxy: env.TRUST_PROXY,
    /**
     * Who runs this deployment (lower-case addresses): they see the doctor's checks in Settings.
     * Empty: the first person who signed in.
     */
    operatorEmails: (env.OPERATOR_EMAILS ?? '')
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
    auth: {
      google,
      microsoft,
      mailboxReadScope: env.MAILBOX_READ_SCOPE,
      localSignIn,
      /** LOCAL_SIGN_IN=true lifts the loopback-only guard; the README says what that means. */
      localSignInFromAnywhere: env.LOCAL_SIGN_IN === true,
      sessionIdleMs: env.SESSION_IDLE_HOURS * 3600_000,
      sessionMaxMs: env.SESSION_MAX_DAYS * 86_400_000,
      rateLimitPerMinute: env.AUTH_RATE_LIMIT_PER_MINUTE,
      /** Calls per API token per minute, counted in the database across every web process. */
      apiTokenRateLimitPerMinute: env.API_TOKEN_RATE_LIMIT_PER_MINUTE,
    },
    /**
     * How long a request waits for another still running with the same Idempotency-Key before it
     * answers 409; 0 answers 409 at once.
     */
    idempotencyWaitMs: env.IDEMPOTENCY_WAIT_SECONDS * 1000,
    ai: env.AI_PROVIDER
      ? {
          provider: env.AI_PROVIDER,
          model: env.AI_MODEL,
          apiKey: env.AI_API_KEY,
          baseUrl: env.AI_BASE_URL,
          imageModel: env.AI_IMAGE_MODEL,
          concurrency: env.AI_CONCURRENCY,
          maxRetries: env.AI_MAX_RETRIES,
          timeoutMs: env.AI_TIMEOUT_MS,
        }
      : null,
    import: { maxBytes: env.IMPORT_MAX_BYTES, maxRows: env.IMPORT_MAX_ROWS },
    generation: {
      /** A generation job works this long, then hands the rest to a fresh job (bounded redo after a crash). */
      chunkMs: env.GENERATION_CHUNK_SECONDS * 1000,
      /** A job whose worker died is retried after this long. */
      expireSeconds: env.GENERATION_JOB_EXPIRE_SECONDS,
    },
    /** How often a worker fails expired jobs (so a dead worker's jobs are retried) and tidies the queue. */
    jobMaintenanceSeconds: env.JOB_MAINTENANCE_SECONDS,
    mail: {
      smtp: smtpSettings(env, publicUrl),
      imap: imapSettings(env),
      servers: mailServerDefaults(env, publicUrl),
      /** How far back a mailbox sync reads the first time, or when its place was lost. */
      rescanDays: env.MAILBOX_RESCAN_DAYS,
      /** How long a send waits for the mail server or API; past it the outcome may be unknown. */
      timeoutMs: env.SEND_TIMEOUT_MS,
      gmailApiUrl: env.GMAIL_API_URL.replace(/\/$/, ''),
      graphApiUrl: env.GRAPH_API_URL.replace(/\/$/, ''),
      /** Sends per minute per mailbox; null when pacing is off (benchmarks, local SMTP). */
      perMinute: env.SEND_PACING
        ? {
            google: env.GMAIL_SENDS_PER_MINUTE,
            microsoft: env.GRAPH_SENDS_PER_MINUTE,
            smtp: env.SMTP_SENDS_PER_MINUTE,
          }
        : null,
      maxAttempts: env.SEND_MAX_ATTEMPTS,
      /** An email still "sending" this long after it was claimed belongs to a worker that died. */
      leaseSeconds: env.SENDING_LEASE_SECONDS,
      /** MAIL_DOMAIN as set. */
      domain: env.MAIL_DOMAIN,
      /** The domain of our Message-IDs and List-Ids, worked out once (see lib/message-id-domain). */
      messageIdDomain: messageIdDomainFor({ mail: { domain: env.MAIL_DOMAIN }, publicUrl }),
      /** Threads composing messages: all cores but one (up to 4) by default; 0 composes on the event loop. */
      composeThreads:
        env.COMPOSE_THREADS ??
        (env.NODE_ENV === 'test' ? 0 : Math.min(4, Math.max(0, os.availableParallelism() - 1))),
    },
    webhooks: {
      /** Networks deliveries may reach although they are not public (loopback, private, link-local). */
      allowedNetworks: parseAllowedNetworks(env.WEBHOOK_ALLOWED_NETWORKS),
      timeoutMs: env.WEBHOOK_TIMEOUT_SECONDS * 1000,
      /** Deliveries in flight at once per worker process. */
      concurrency: env.WEBHOOK_CONCURRENCY,
      /** Days a delivered or given-up event stays in the delivery log (and can be replayed). */
      logDays: env.WEBHOOK_LOG_DAYS,
    },
    bodyLimitBytes: env.BODY_LIMIT_BYTES,
    dns: {
      servers: env.DNS_SERVERS?.split(',')
        .map((s) => s.trim())
        .filter(Boolean),
      timeoutMs: env.DNS_TIMEOUT_MS,
    },
    legal: { entity: env.LEGAL_ENTITY, contactEmail: env.LEGAL_CONTACT_EMAIL, state: env.LEGAL_STATE },
  };
}

/** The mailbox local users' replies and bounces arrive in; null without IMAP_URL. */
export type ImapSettings = NonNullable<ReturnType<typeof imapSettings>>;

function imapSettings(env: z.infer<typeof envSchema>) {
  if (!env.IMAP_URL) return null;
  return {
    url: env.IMAP_URL,
    mailbox: env.IMAP_MAILBOX,
    /** How far back a first sync, or one after the mailbox was rebuilt, reads. */
    rescanDays: env.MAILBOX_RESCAN_DAYS,
    tlsCa: env.SMTP_TLS_CA ? readCaFile(env.SMTP_TLS_CA) : undefined,
    tlsRejectUnauthorized: env.SMTP_TLS_REJECT_UNAUTHORIZED,
    timeoutMs: env.SEND_TIMEOUT_MS,
    /** STARTTLS on imap://: used when offered, unless a mailbox set up in Settings says otherwise. */
    startTls: 'opportunistic' as 'opportunistic' | 'required' | 'never',
  };
}

/** How Tailor talks to an SMTP relay; null without SMTP_URL. */
export type SmtpSettings = NonNullable<ReturnType<typeof smtpSettings>>;

function smtpSettings(env: z.infer<typeof envSchema>, publicUrl: URL) {
  if (!env.SMTP_URL) return null;
  return {
    url: env.SMTP_URL,
    startTls: env.SMTP_STARTTLS,
    tlsCa: env.SMTP_TLS_CA ? readCaFile(env.SMTP_TLS_CA) : undefined,
    tlsRejectUnauthorized: env.SMTP_TLS_REJECT_UNAUTHORIZED,
    name: env.SMTP_NAME ?? ehloNameFor(publicUrl, env.MAIL_DOMAIN),
    timeoutMs: env.SEND_TIMEOUT_MS,
    /**
     * Whose login it is: the deployment's (a refused login is a setting to fix, every email fails
     * with it) or a person's mailbox (a refused login pauses that mailbox until the password is
     * changed in Settings).
     */
    login: 'deployment' as 'deployment' | 'mailbox',
  };
}

/**
 * What mailboxes set up in Settings connect with besides their own host and login: the
 * deployment's trust (SMTP_TLS_CA, SMTP_TLS_REJECT_UNAUTHORIZED), EHLO name and timeout.
 */
function mailServerDefaults(env: z.infer<typeof envSchema>, publicUrl: URL) {
  return {
    tlsCa: env.SMTP_TLS_CA ? readCaFile(env.SMTP_TLS_CA) : undefined,
    tlsRejectUnauthorized: env.SMTP_TLS_REJECT_UNAUTHORIZED,
    name: env.SMTP_NAME ?? ehloNameFor(publicUrl, env.MAIL_DOMAIN),
    timeoutMs: env.SEND_TIMEOUT_MS,
    rescanDays: env.MAILBOX_RESCAN_DAYS,
  };
}

/**
 * The name announced in EHLO: PUBLIC_URL's host when it is a full domain name, else MAIL_DOMAIN.
 * Without either, nodemailer falls back to the machine's name or "[127.0.0.1]", which spam
 * filters score against the message.
 */
export function ehloNameFor(publicUrl: URL, mailDomain: string | undefined): string | undefined {
  const host = publicUrl.hostname.replace(/^\[|\]$/g, '');
  if (host.includes('.') && !isIpAddress(host)) return host;
  return mailDomain;
}

function readCaFile(file: string) {
  try {
    return fs.readFileSync(path.resolve(ROOT_DIR, file), 'utf8');
  } catch (err) {
    throw new Error(`Invalid configuration:\n  SMTP_TLS_CA: cannot read ${file} (${(err as Error).message})`);
  }
}

function findRoot(start: string): string {
  let dir = start;
  while (!fs.existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) return start;
    dir = parent;
  }
  return dir;
}
