/** Socket-level failures: the server is gone, restarting or unreachable. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);
/** SQLSTATEs of a server shutting down or starting up (class 57P) and of broken connections (class 08). */
const SERVER_CODES = /^(57P0[1-3]|08\d{3})$/;
const MESSAGES =
  /Connection terminated|connection timeout|Client has encountered a connection error|terminating connection/i;

/**
 * True when `err` (or an error it wraps, as Drizzle's query errors do) says the database
 * connection was lost rather than that a statement was wrong: worth retrying once PostgreSQL is
 * back, never a reason to stop the process.
 */
export function isConnectionLost(err: unknown): boolean {
  for (let e = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || SERVER_CODES.test(code))) return true;
    if (MESSAGES.test(e.message)) return true;
    // AggregateError: a connect that tried several addresses (IPv4 and IPv6) and failed on all.
    if (e instanceof AggregateError && e.errors.some(isConnectionLost)) return true;
  }
  return false;
}

/**
 * Runs `work` again while it fails only because the database is unreachable, backing off up to a
 * few seconds between tries, for at most `giveUpMs`. For writes that must not be lost when
 * PostgreSQL restarts under a worker (an email was delivered: its row must say so). `work` must
 * be safe to repeat: a statement whose reply was lost may have been applied.
 */
export async function retryWhileConnectionLost<T>(work: () => Promise<T>, giveUpMs: number): Promise<T> {
  const giveUpAt = Date.now() + giveUpMs;
  for (let delay = 200; ; delay = Math.min(delay * 2, 3_000)) {
    try {
      return await work();
    } catch (err) {
      if (!isConnectionLost(err) || Date.now() + delay > giveUpAt) throw err;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}
