/**
 * How services ask for emails to be sent without knowing the job queue (DESIGN.md §3: services
 * never import pg-boss). The jobs layer implements it.
 */
export type SendQueue = {
  /** Send these queued emails as soon as a worker can. */
  now(emailIds: number[]): Promise<void>;
  /** Release scheduled emails at this time (a cron job also sweeps, so this is for punctuality). */
  releaseAt(at: Date): Promise<void>;
};
