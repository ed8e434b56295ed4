import type { FastifyBaseLogger } from 'fastify';
import type { AiModels } from './ai/ai-models';
import type { Oidc } from './auth/oidc';
import type { SessionPolicy } from './auth/sessions';
import type { TokenCipher } from './auth/token-cipher';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { JobQueue } from './jobs/job-queue';
import type { Clock } from './lib/clock';
import type { Metrics } from './lib/metrics';
import type { MailboxSyncQueue } from './services/conversations/mailbox-sync-queue';
import type { DraftCheckQueue } from './services/draft-checks/draft-check-queue';
import type { GenerationQueue } from './services/generation-queue';
import type { SendQueue } from './services/sending/send-queue';

/** Everything a route, service or job needs, built once per process in main.ts (or per test). */
export type AppContext = {
  config: Config;
  database: Database;
  db: Db;
  log: FastifyBaseLogger;
  tokens: TokenCipher;
  cookieSecret: string;
  oidc: Oidc;
  sessions: SessionPolicy;
  jobs: JobQueue<AppContext>;
  /** Emails to send now or at a time (the send jobs, for routes and services). */
  sendQueue: SendQueue;
  /** Mailbox syncs to run now ("Check now" and the periodic fan-out). */
  mailboxSyncQueue: MailboxSyncQueue;
  /** Edited drafts whose claims the AI claim check reads again. */
  draftCheckQueue: DraftCheckQueue;
  /** Campaigns to generate (the generation job, for routes). */
  generationQueue: GenerationQueue;
  /** The configured AI provider's models, or null when none is configured. */
  ai: AiModels | null;
  /** This process's Prometheus metrics (served at /metrics). */
  metrics: Metrics;
  /**
   * This process's webhook deliveries: `wake` looks for due ones at once (a no-op in a web
   * process, whose changes a worker finds at its next look).
   */
  webhooks: { wake(): void };
  /** The time jobs decide what is due by: the real time, moved only by tests (CLOCK_OFFSET_FILE). */
  clock: Clock;
};
