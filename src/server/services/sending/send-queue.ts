import type { Db } from '../../db/client';

/**
 * How services and routes ask for emails to be sent without knowing the job queue (services and
 * routes never import pg-boss or the jobs). The jobs layer implements it; it is on AppContext.
 */
export type SendQueue = {
  /** Send these emails, already queued, as soon as a worker can (queuing twice is harmless). */
  now(emailIds: number[]): Promise<void>;
  /**
   * Runs `move` (statements that make emails queued and return their ids) and stores their send
   * jobs in the same transaction, then sends them as soon as a worker can. Never one without the
   * other: a crash between the two would leave queued emails that no job sends.
   */
  queueAndSend(db: Db, move: (tx: Db) => Promise<number[]>): Promise<number[]>;
  /** Release scheduled emails at this time (a cron job also sweeps, so this is for punctuality). */
  releaseAt(at: Date): Promise<void>;
};
