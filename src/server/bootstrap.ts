import pino from 'pino';
import { createAiModels } from './ai/ai-models';
import { createOidc } from './auth/oidc';
import { deriveKey, loadMasterSecret } from './auth/secret-key';
import { createTokenCipher } from './auth/token-cipher';
import type { Config } from './config';
import type { AppContext } from './context';
import { openDatabase } from './db/client';
import { allJobs } from './jobs/all-jobs';
import { createJobQueue } from './jobs/job-queue';
import { loggerOptions } from './lib/log-safety';
import { createMetrics } from './lib/metrics';
import { closeComposePool } from './mail/compose-pool';

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
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    const master = loadMasterSecret({
      secretKey: config.secretKey,
      dataDir: config.dataDir,
      isProduction: config.isProduction,
    });
    const metrics = createMetrics();
    const ctx: AppContext = {
      config,
      database,
      db: database.db,
      log,
      tokens: createTokenCipher(deriveKey(master, 'tokens')),
      cookieSecret: deriveKey(master, 'cookies').toString('base64'),
      oidc: createOidc(config),
      sessions: { idleMs: config.auth.sessionIdleMs, maxMs: config.auth.sessionMaxMs },
      jobs: createJobQueue(database, allJobs, {
        worker: role !== 'web',
        maintenanceSeconds: config.jobMaintenanceSeconds,
      }),
      ai: createAiModels(config, metrics),
      metrics,
    };
    await ctx.jobs.start(ctx);
    return ctx;
  } catch (err) {
    await database.close().catch(() => {});
    throw err;
  }
}

export async function closeContext(ctx: AppContext) {
  await ctx.jobs.stop();
  await closeComposePool();
  await ctx.database.close();
}

/** JSON lines on stdout; secrets, tokens and email bodies redacted (see lib/log-safety). */
export function createLogger(config: Config) {
  return pino(loggerOptions(config.logLevel));
}
