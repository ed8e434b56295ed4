import { setTimeout as delay } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import pLimit from 'p-limit';
import PgBoss from 'pg-boss';
import type { z } from 'zod';
import type { Database, Db } from '../db/client';
import { type SqlExecutor, selectRows, sqlExecutorOf } from '../db/client';
import { retryWhileConnectionLost } from '../db/connection-lost';
import type { Metrics } from '../lib/metrics';
import { startDueScan } from './due-scan';

/** Which run of a job this is: pg-boss retries a failed job up to its retry limit. */
export type JobAttempt = { retryCount: number; retryLimit: number; isLast: boolean };

/** A job as a worker fetches it (includeMetadata: true gives the retry counts). */
type FetchedJob = PgBoss.JobWithMetadata<object>;

/**
 * What the queue itself needs of the context it hands to handlers. The queue is generic over the
 * rest (AppContext in the app), so it does not depend on the context that holds it.
 */
export type JobContext = {
  db: Db;
  log: { error(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  metrics: Pick<Metrics, 'jobsProcessed' | 'jobsFailed'>;
};

/** One kind of background work: its queue name, payload schema and handler (one file per job). */
export type JobDefinition<Schema extends z.ZodType = z.ZodType, Ctx extends JobContext = JobContext> = {
  name: string;
  payload: Schema;
  /** Run periodically (cron, UTC) by whichever worker holds pg-boss's schedule. */
  cron?: string;
  queue?: Omit<PgBoss.Queue, 'name'>;
  /** pg-boss's fetch options; how often a queue is looked at is the due scan's (due-scan.ts). */
  work?: Omit<PgBoss.WorkOptions, 'pollingIntervalSeconds'>;
  /** Jobs of one fetched batch handled at once (default 1: one after another). */
  concurrency?: number;
  /**
   * Fetch loops per worker process (default 1). With more than one, a new batch is fetched while
   * another is still being handled, so a slow batch's tail does not idle the worker.
   */
  fetchLoops?: number;
} & (
  | {
      /** Handles one job; a failing job is retried on its own. */
      handle(ctx: Ctx, payload: z.infer<Schema>, attempt: JobAttempt): Promise<void>;
      handleBatch?: undefined;
    }
  | {
      /**
       * Handles a whole fetched batch at once (e.g. to share database statements across many
       * emails). If it throws, every job of the batch fails and is retried.
       */
      handleBatch(ctx: Ctx, payloads: z.infer<Schema>[]): Promise<void>;
      handle?: undefined;
    }
);

export type JobQueue<Ctx extends JobContext = JobContext> = ReturnType<typeof createJobQueue<Ctx>>;

/**
 * Each worker loop's own poll: only a safety net, since the due scan (due-scan.ts) wakes a loop
 * when its queue holds a due job.
 */
const SAFETY_POLL_SECONDS = 30;

/** How long a failed job waits for the database to record its failure; then it expires instead. */
const FAIL_PATIENCE_MS = 60_000;

/**
 * Drizzle's query errors carry the statement and every bound parameter (whole messages, for
 * sends) in their message: the log gets the statement's first line and the driver's error.
 */
function loggable(err: unknown) {
  if (!(err instanceof Error) || !('params' in err)) return err;
  return { message: err.message.split('\n')[0]?.slice(0, 300), cause: err.cause };
}

/** A queue's options that ensureQueues keeps in line with its definition. */
const QUEUE_OPTIONS = [
  'retryLimit',
  'retryDelay',
  'retryBackoff',
  'expireInSeconds',
  'retentionMinutes',
  'deadLetter',
] as const;

/**
 * Creates the queues that are missing and updates those whose options differ from `wanted`: a
 * queue keeps the options it was created with (pg-boss's createQueue leaves an existing one
 * alone), yet a setting such as the sending lease may have changed since, or the queue came with
 * the embedded database's template. One read when nothing changed.
 */
async function ensureQueues(boss: PgBoss, wanted: PgBoss.Queue[]) {
  const existing = new Map((await boss.getQueues()).map((queue) => [queue.name, queue]));
  for (const queue of wanted) {
    const have = existing.get(queue.name);
    if (!have) await boss.createQueue(queue.name, queue);
    else if (
      (queue.policy ?? 'standard') !== have.policy ||
      QUEUE_OPTIONS.some((option) => queue[option] !== undefined && queue[option] !== have[option])
    )
      await boss.updateQueue(queue.name, queue);
  }
}

/**
 * The job schema and every queue of `definitions` with the definitions' own options, on a new
 * database: what the build puts in the embedded database's template, so that a new data folder
 * starts with them (a process's start then only checks them).
 */
export async function createJobSchema(sql: SqlExecutor, definitions: JobDefinition[]) {
  const boss = new PgBoss({ db: sql, schema: 'pgboss', supervise: false, schedule: false });
  await boss.start();
  try {
    await ensureQueues(
      boss,
      definitions.map((def) => ({ name: def.name, ...def.queue })),
    );
  } finally {
    await boss.stop({ graceful: false });
  }
}

/**
 * pg-boss on PostgreSQL or PGlite alike. Web processes only enqueue; worker processes also
 * poll, run schedules and maintenance.
 */
export function createJobQueue<Ctx extends JobContext>(
  database: Database,
  definitions: JobDefinition<z.ZodType, Ctx>[],
  role: {
    worker: boolean;
    maintenanceSeconds: number;
    /**
     * Per job name, how long a fetched job may run before pg-boss presumes its worker dead and
     * hands it to another (in place of the definition's `queue.expireInSeconds`).
     */
    expireInSeconds?: Record<string, number>;
  },
) {
  // pg-boss's statements and the handlers it has called, still running. Its graceful stop waits
  // for the jobs its workers hold, but not for a fetch still in flight: that fetch's jobs ran, and
  // were completed, after the stop had returned and the database was closing under them.
  let running = 0;
  const counted = async <T>(work: () => Promise<T>): Promise<T> => {
    running++;
    try {
      return await work();
    } finally {
      running--;
    }
  };
  const bossSql: SqlExecutor = {
    executeSql: (text, values) => counted(() => database.boss.db.executeSql(text, values)),
  };
  const boss = new PgBoss({
    db: bossSql,
    schema: 'pgboss',
    // Only workers run maintenance and cron; a web process just enqueues.
    supervise: role.worker,
    schedule: role.worker,
    maintenanceIntervalSeconds: role.maintenanceSeconds,
  } as PgBoss.ConstructorOptions);
  const byName = new Map(definitions.map((d) => [d.name, d]));
  /** This process's pg-boss workers per queue, to wake when work arrives or a batch came back full. */
  const localWorkers = new Map<string, string[]>();
  const wake = (name: string) => {
    for (const id of localWorkers.get(name) ?? []) boss.notifyWorker(id);
  };
  let started = false;
  let dueScan: ReturnType<typeof startDueScan> | undefined;
  const expiryOf = (def: JobDefinition) => role.expireInSeconds?.[def.name] ?? def.queue?.expireInSeconds;
  /** The definition's queue options with the configured expiry (pg-boss refuses an undefined one). */
  const queueOptionsOf = (def: JobDefinition) => {
    const expireInSeconds = expiryOf(def);
    return expireInSeconds ? { ...def.queue, expireInSeconds } : { ...def.queue };
  };

  return {
    boss,
    async start(ctx: Ctx) {
      boss.on('error', (err) => ctx.log.error({ err }, 'job queue error'));
      await boss.start();
      started = true;
      await ensureQueues(
        boss,
        definitions.map((def) => ({ name: def.name, ...queueOptionsOf(def) })),
      );
      if (!role.worker) return;
      if (database.kind === 'pglite') {
        await releaseOrphans(ctx, boss);
        // The one process just started, so any email claimed before now was interrupted: settle
        // those at once. Not "sending at the time the job runs": this process's first sends
        // may be in flight by then.
        await boss.send('emails.reconcile-sending', { claimedBefore: new Date().toISOString() });
      }
      for (const def of definitions) {
        if (def.cron) await boss.schedule(def.name, def.cron, {}, { tz: 'UTC' });
        const limit = pLimit(def.concurrency ?? 1);
        const batchSize = def.work?.batchSize ?? 1;
        for (let loop = 0; loop < (def.fetchLoops ?? 1); loop++) {
          const workerId = await boss.work(
            def.name,
            { ...def.work, pollingIntervalSeconds: SAFETY_POLL_SECONDS, includeMetadata: true },
            (jobs: FetchedJob[]) =>
              counted(async () => {
                // A full batch means more is probably waiting: fetch again at once instead of after
                // the polling interval, which would otherwise cap a loop at one batch per interval.
                if (jobs.length >= batchSize) boss.notifyWorker(workerId);
                const { handle, handleBatch } = def;
                if (handleBatch) await runBatch(def, handleBatch, jobs);
                else if (handle) await Promise.all(jobs.map((job) => limit(() => runOne(def, handle, job))));
              }),
          );
          localWorkers.set(def.name, [...(localWorkers.get(def.name) ?? []), workerId]);
        }
      }
      dueScan = startDueScan(ctx.db, [...localWorkers.keys()], wake, (err) =>
        ctx.log.warn({ err: loggable(err) }, 'looking for due jobs failed'),
      );

      /** The whole batch through handleBatch; if it throws, every job of it fails (and is retried). */
      async function runBatch(
        def: JobDefinition,
        handleBatch: NonNullable<JobDefinition['handleBatch']>,
        jobs: FetchedJob[],
      ) {
        try {
          await handleBatch(
            ctx,
            jobs.map((job) => def.payload.parse(job.data ?? {})),
          );
          ctx.metrics.jobsProcessed.inc({ queue: def.name }, jobs.length);
        } catch (err) {
          ctx.metrics.jobsFailed.inc({ queue: def.name }, jobs.length);
          ctx.log.error({ err: loggable(err), job: def.name, jobs: jobs.length }, 'job batch failed');
          // The error is in the log; pg-boss's many-ids fail takes no message. Failing them
          // (so they are retried soon) waits out a database restart.
          await retryWhileConnectionLost(
            () =>
              boss.fail(
                def.name,
                jobs.map((job) => job.id),
              ),
            FAIL_PATIENCE_MS,
          );
        }
      }

      /** One job through handle; a failing job is failed on its own (and retried), its batch-mates complete. */
      async function runOne(
        def: JobDefinition,
        handle: NonNullable<JobDefinition['handle']>,
        job: FetchedJob,
      ) {
        try {
          await handle(ctx, def.payload.parse(job.data ?? {}), {
            retryCount: job.retryCount,
            retryLimit: job.retryLimit,
            isLast: job.retryCount >= job.retryLimit,
          });
          ctx.metrics.jobsProcessed.inc({ queue: def.name });
        } catch (err) {
          ctx.metrics.jobsFailed.inc({ queue: def.name });
          ctx.log.error({ err: loggable(err), job: def.name, id: job.id }, 'job failed');
          await retryWhileConnectionLost(
            () =>
              boss.fail(def.name, job.id, {
                message: err instanceof Error ? err.message : String(err),
              }),
            FAIL_PATIENCE_MS,
          );
        }
      }
    },

    /** Typed enqueue: the payload is checked against the job's own schema before it is stored. */
    async enqueue<S extends z.ZodType>(
      def: JobDefinition<S>,
      payload: z.infer<S>,
      options?: PgBoss.SendOptions,
    ) {
      if (!byName.has(def.name)) throw new Error(`Unknown job ${def.name}`);
      // A queue made by an earlier version keeps the expiry it was made with: each job names its own.
      const expireInSeconds = expiryOf(def);
      const id = await boss.send(def.name, def.payload.parse(payload) as object, {
        ...(expireInSeconds ? { expireInSeconds } : {}),
        ...options,
      });
      if (!options?.startAfter) wake(def.name);
      return id;
    },

    /**
     * Many jobs of one kind in one statement (e.g. every email of a campaign). With `within`, in
     * that transaction: the jobs exist exactly when its other writes do. The caller then wakes
     * the workers once it has committed.
     */
    async enqueueMany<S extends z.ZodType>(def: JobDefinition<S>, payloads: z.infer<S>[], within?: Db) {
      if (!byName.has(def.name)) throw new Error(`Unknown job ${def.name}`);
      const db = within ? sqlExecutorOf(within) : undefined;
      for (let i = 0; i < payloads.length; i += 1000) {
        await boss.insert(
          payloads.slice(i, i + 1000).map((p) => ({
            name: def.name,
            data: def.payload.parse(p) as object,
            retryLimit: def.queue?.retryLimit,
            retryDelay: def.queue?.retryDelay,
            retryBackoff: def.queue?.retryBackoff,
            expireInSeconds: expiryOf(def),
          })),
          { db },
        );
      }
      if (!within) wake(def.name);
    },

    /** Workers in this process start now rather than at their next poll (others poll as usual). */
    wake(def: JobDefinition) {
      wake(def.name);
    },

    /**
     * Graceful: waits for running handlers (up to `timeoutMs`), then releases the rest. Returns
     * once pg-boss has nothing in flight, so the database can close under nobody.
     */
    async stop(timeoutMs = 20_000) {
      if (!started) return;
      started = false;
      const until = Date.now() + timeoutMs;
      await dueScan?.stop();
      await boss.stop({ graceful: true, wait: true, timeout: timeoutMs });
      // Looked at between events, never right after a promise: a fetch's answer reaches its
      // handler through several promise steps, and between two of them nothing is counted.
      do await delay(10);
      while (running > 0 && Date.now() < until);
    },
  };
}

/**
 * The embedded database admits one process (the data-folder lock), so at start-up any job still
 * marked active belonged to a process that died. Failing them hands them to pg-boss's retry at
 * once instead of after their expiry. On PostgreSQL other workers may be alive, so there the
 * expiry (checked by maintenance) decides.
 */
async function releaseOrphans(ctx: JobContext, boss: PgBoss) {
  const rows = await selectRows<{ id: string; name: string }>(
    ctx.db,
    sql`select id, name from pgboss.job where state = 'active'`,
  );
  for (const row of rows) {
    await boss.fail(row.name, row.id, { message: 'worker stopped before finishing; retrying' });
  }
  if (rows.length) ctx.log.warn({ jobs: rows.length }, 'retrying jobs left running by a stopped process');
}
