/**
 * How services and routes ask for emails to be sent without knowing the job queue (services and
 * routes never import pg-boss or the jobs). The jobs layer implements it; it is on AppContext.
 */
export type SendQueue = {
  /** Send these queued emails as soon as a worker can. */
  now(emailIds: number[]): Promise<void>;
  /** Release scheduled emails at this time (a cron job also sweeps, so this is for punctuality). */
  releaseAt(at: Date): Promise<void>;
};
