import pino from 'pino';
import { createAiModels } from './ai/ai-models';
import { createOidc } from './auth/oidc';
import { deriveKey, loadMasterSecret } from './auth/secret-key';
import { warnWhenNoSignIn } from './auth/sign-in-methods';
import { createTokenCipher } from './auth/token-cipher';
import type { Config } from './config';
import type { AppContext } from './context';
import { openDatabase } from './db/client';
import { allJobs } from './jobs/all-jobs';
import { draftCheckQueueOn, queueMissedDraftChecks } from './jobs/check-drafts';
import { generationQueueOn } from './jobs/generate-emails';
import { createJobQueue } from './jobs/job-queue';
import { releaseScheduledJob } from './jobs/release-scheduled';
import { sendEmailJob } from './jobs/send-email';
import { sendQueueOn } from './jobs/send-queue';
import { mailboxSyncQueueOn } from './jobs/sync-mailboxes';
import { createClock, watchClock } from './lib/clock';
import { loggerOptions } from './lib/log-safety';
import { createMetrics } from './lib/metrics';
import { closeComposePool } from './mail/compose-pool';
import { closeMailboxRelays } from './mail/mailbox-servers';
import { closeSmtpRelay } from './mail/smtp';
import { closeImapThread } from './services/conversations/imap-thread';
import { startWebhookWorker } from './services/webhooks/worker';
import { startupStep } from './startup-error';

export type Role = 'all' | 'web' | 'worker';

/**
 * Opens the database (migrating it), the job queue and everything else a process needs.
 * Used by main.ts and by the integration tests, so both run the same wiring.
 */
export async function createContext(
  config: Config,
  role: Role,
  log = createLogger(config),
): Promise<AppContext> {
  warnAboutMessageIdDomain(config, log);
  warnAboutSmtpTls(config, log);
  warnWhenNoSignIn(config, log);
  const database = await startupStep('opening the database', () =>
    openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      pgliteSharedBuffers: config.pgliteSharedBuffers,
    }),
  );
  try {
    const master = loadMasterSecret({
      secretKey: config.secretKey,
      dataDir: config.dataDir,
      isProduction: config.isProduction,
    });
    const metrics = createMetrics();
    const jobs = createJobQueue(database, allJobs, {
      worker: role !== 'web',
      maintenanceSeconds: config.jobMaintenanceSeconds,
      // A send job outliving the sending lease is presumed dead like its claims (a batch ends well
      // within it): another worker takes its emails still queued, the claims keep that safe.
      expireInSeconds: { [sendEmailJob.name]: config.mail.leaseSeconds },
    });
    const ctx: AppContext = {
      config,
      database,
      db: database.db,
      log,
      tokens: createTokenCipher(deriveKey(master, 'tokens')),
      cookieSecret: deriveKey(master, 'cookies').toString('base64'),
      oidc: createOidc(config),
      sessions: { idleMs: config.auth.sessionIdleMs, maxMs: config.auth.sessionMaxMs },
      jobs,
      sendQueue: sendQueueOn(jobs),
      mailboxSyncQueue: mailboxSyncQueueOn(jobs),
      draftCheckQueue: draftCheckQueueOn(jobs),
      generationQueue: generationQueueOn(jobs, config.generation.expireSeconds),
      ai: createAiModels(config, metrics),
      metrics,
      webhooks: { wake() {} },
      clock: createClock(config.clockOffsetFile),
    };
    // Every schema step under one lock: processes started together on a new PostgreSQL database
    // take turns instead of deadlocking in pg-boss's queue creation.
    await database.withSchemaLock(async () => {
      await startupStep('migrating the database', () => database.migrate());
      await startupStep('starting the job queue', () => ctx.jobs.start(ctx));
    });
    if (role !== 'web') {
      const webhooks = await startupStep('starting webhook deliveries', () => startWebhookWorker(ctx));
      ctx.webhooks = webhooks;
      closeWebhooks.set(ctx, webhooks.close);
    }
    if (role !== 'web')
      // In the background: start-up does not wait for it, and a failure only delays the checks.
      queueMissedDraftChecks(ctx).catch((err) => log.warn({ err }, 'queueing missed draft checks'));
    if (config.clockOffsetFile && role !== 'web') {
      // A test moved the clock: scheduled emails and follow-ups now due go at once.
      const stop = watchClock(config.clockOffsetFile, () => {
        ctx.jobs
          .enqueue(releaseScheduledJob, {})
          .catch((err) => log.warn({ err }, 'release after a clock move'));
        ctx.webhooks.wake();
      });
      stopWatchingClock.set(ctx, stop);
    }
    return ctx;
  } catch (err) {
    await database.close().catch(() => {});
    throw err;
  }
}

const stopWatchingClock = new WeakMap<AppContext, () => void>();
const closeWebhooks = new WeakMap<AppContext, () => Promise<void>>();

export async function closeContext(ctx: AppContext) {
  stopWatchingClock.get(ctx)?.();
  await closeWebhooks.get(ctx)?.();
  await ctx.jobs.stop();
  await closeComposePool();
  await closeImapThread();
  closeSmtpRelay(ctx.config.mail.smtp);
  closeMailboxRelays();
  await ctx.database.close();
}

/** Message-IDs on a made-up domain hurt deliverability a little; the operator should know. */
function warnAboutMessageIdDomain(config: Config, log: AppContext['log']) {
  const { domain, source } = config.mail.messageIdDomain;
  if (source !== 'machine-name') return;
  log.warn(
    `MAIL_DOMAIN is not set and PUBLIC_URL's host is an IP address: Message-IDs use ${domain}; set MAIL_DOMAIN to your sending domain`,
  );
}

/** A relay whose certificate is not checked can be impersonated: say so every time the process starts. */
function warnAboutSmtpTls(config: Config, log: AppContext['log']) {
  if (config.mail.smtp?.tlsRejectUnauthorized !== false) return;
  log.warn(
    "SMTP_TLS_REJECT_UNAUTHORIZED=false: the SMTP relay's certificate is not checked, so anyone on the network path could pose as it; prefer SMTP_TLS_CA with the relay's CA",
  );
}

/** JSON lines on stdout; secrets, tokens and email bodies redacted (see lib/log-safety). */
export function createLogger(config: Config) {
  return pino(loggerOptions(config.logLevel));
}
