/**
 * A failed start-up says which step failed, why, and what the operator can do about it, instead
 * of the driver's bare message ("deadlock detected", "connect ECONNREFUSED …").
 */
export class StartupError extends Error {
  constructor(
    readonly step: string,
    cause: unknown,
  ) {
    super(`Tailor could not start: ${step} failed: ${messageOf(cause)}`, { cause });
    this.name = 'StartupError';
  }

  /** The message, then what to do (when the cause is one we know). */
  explain() {
    const hint = hintFor(this.cause);
    return hint ? `${this.message}\nWhat to do: ${hint}` : this.message;
  }
}

/** Runs one named step of start-up; a failure becomes a StartupError naming the step. */
export async function startupStep<T>(step: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw err instanceof StartupError ? err : new StartupError(step, err);
  }
}

function messageOf(err: unknown) {
  return err instanceof Error ? err.message : String(err);
}

/** PostgreSQL's SQLSTATE, or Node's system error code. */
function codeOf(err: unknown): string | undefined {
  if (typeof err !== 'object' || err === null) return undefined;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string') return code;
  // AggregateError (a host name with several addresses): the first one's code.
  const first = (err as { errors?: unknown[] }).errors?.[0];
  return first === undefined ? undefined : codeOf(first);
}

const HINTS: Record<string, string> = {
  ECONNREFUSED:
    'nothing answered at the address in DATABASE_URL: start PostgreSQL or correct the host and port (unset DATABASE_URL to use the embedded database).',
  ENOTFOUND: "DATABASE_URL's host name is not known: correct it.",
  EAI_AGAIN: "DATABASE_URL's host name could not be looked up: check the network and DNS.",
  ETIMEDOUT: 'the database did not answer in time: check that it is reachable from this machine.',
  '28P01': 'PostgreSQL refused the password: correct the user and password in DATABASE_URL.',
  '28000': "PostgreSQL refused the user: allow it in pg_hba.conf or correct DATABASE_URL's user.",
  '3D000': 'the database in DATABASE_URL does not exist: create it (createdb <name>) or correct the name.',
  '42501':
    "DATABASE_URL's user may not change the schema: grant it CREATE on the database (or run the first start as its owner).",
  '40P01': 'two processes changed the schema at once: start this one again.',
  '53300':
    'PostgreSQL has no free connections: raise its max_connections or lower the number of Tailor processes.',
  EADDRINUSE:
    'another program listens on this port: stop it or set PORT (METRICS_PORT for a worker) to a free one.',
  EACCES:
    'this user may not use that port or folder: choose a port above 1024, or a DATA_DIR this user can write.',
};

function hintFor(err: unknown) {
  const code = codeOf(err);
  return code === undefined ? undefined : HINTS[code];
}
