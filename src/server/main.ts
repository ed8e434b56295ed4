import { buildApp } from './app';
import { backupCommand } from './backup/backup-command';
import { startBackupService } from './backup/backup-service';
import { closeContext, createContext, type Role } from './bootstrap';
import { loadConfig } from './config';
import type { AppContext } from './context';
import { isConnectionLost } from './db/connection-lost';
import { doctorCommand } from './doctor-command';
import { buildMonitorApp } from './monitor-app';
import { rotateSecretCommand } from './rotate-secret-command';
import { StartupError, startupStep } from './startup-error';

/**
 * `node dist/server/main.js [all|web|worker]`. `all` (the default, and what `npm start` runs)
 * serves HTTP and runs jobs in one process; `web` and `worker` split them for scaling out on
 * PostgreSQL. `rotate-secret`, `backup`, `restore` (see docs/operations.md) and `doctor` (see README)
 * are one-off commands, not roles.
 */
async function main() {
  const command = process.argv[2];
  if (command === 'rotate-secret') process.exit(await rotateSecretCommand(loadConfig()));
  if (command === 'doctor') process.exit(await doctorCommand(loadConfig(), process.argv.slice(3)));
  if (command === 'backup' || command === 'restore')
    process.exit(await backupCommand(command, process.argv.slice(3), loadConfig()));
  const role = parseRole(process.argv[2]);
  const config = loadConfig();
  const ctx = await createContext(config, role);
  // Before HTTP, so `backup` is answered once the app says it is running.
  const stopBackups = await startupStep('serving backups', () => startBackupService(ctx));
  const app = await startupStep('serving HTTP', () => serveHttp(ctx, role));

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    ctx.log.info({ signal }, 'shutting down: draining requests and jobs');
    const force = setTimeout(() => {
      ctx.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, 30_000);
    force.unref();
    try {
      await app?.close();
      await stopBackups();
      await closeContext(ctx);
      process.exit(0);
    } catch (err) {
      ctx.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  // pg-boss completes and fails jobs without awaiting (manager.js onFetch), so while PostgreSQL
  // is down those calls reject with nobody listening. Such a job simply expires and is retried;
  // the process must live on. Any other stray rejection is a bug: log it and exit as Node would.
  process.on('unhandledRejection', (reason) => {
    if (isConnectionLost(reason)) {
      ctx.log.warn({ err: String(reason) }, 'database unreachable; the job queue will catch up');
      return;
    }
    ctx.log.fatal({ err: reason }, 'unhandled promise rejection');
    process.exit(1);
  });
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

/**
 * Web roles serve the app on PORT; a worker serves only metrics and health, and only when
 * METRICS_PORT is set. Returns the server to close on shutdown, if any.
 */
async function serveHttp(ctx: AppContext, role: Role) {
  const { config } = ctx;
  if (role !== 'worker') {
    const app = await buildApp(ctx);
    await app.listen({ host: config.host, port: config.port });
    ctx.log.info(
      `Tailor is running at ${config.publicUrl.origin} (role ${role}, database ${ctx.database.kind})`,
    );
    return app;
  }
  const monitor = config.metrics.port === undefined ? null : await buildMonitorApp(ctx);
  await monitor?.listen({ host: config.host, port: config.metrics.port });
  ctx.log.info(
    `Tailor worker started (database ${ctx.database.kind})${monitor ? '; metrics and health on METRICS_PORT' : ''}`,
  );
  return monitor;
}

function parseRole(arg: string | undefined): Role {
  if (arg === undefined || arg === 'all' || arg === 'web' || arg === 'worker') return arg ?? 'all';
  console.error(
    `Unknown role "${arg}". Use: all | web | worker (or a command: rotate-secret, backup, restore, doctor)`,
  );
  process.exit(2);
}

main().catch((err) => {
  console.error(err instanceof StartupError ? err.explain() : err instanceof Error ? err.message : err);
  process.exit(1);
});
