import Piscina from 'piscina';
import { type ComposeInput, composeMessage } from './compose';

let pool: Piscina | null = null;

/**
 * Composes on `threads` worker threads, or on this thread when 0. Composing (MailComposer's
 * streams, the text part) is most of a send's CPU time; on threads, a worker process sends with
 * more than one core and its event loop stays free for the database and the mail servers.
 */
export function composeOnThreads(input: ComposeInput, threads: number): Promise<string> {
  if (threads === 0) return composeMessage(input);
  pool ??= new Piscina({
    // Next to this module: the .ts source under tsx, the bundled .js in dist/server.
    filename: new URL(`./compose-worker.${import.meta.url.endsWith('.ts') ? 'ts' : 'js'}`, import.meta.url)
      .href,
    minThreads: threads,
    maxThreads: threads,
    idleTimeout: 60_000,
    concurrentTasksPerWorker: 16,
  });
  return pool.run(input);
}

/** Stops the compose threads (at shutdown). */
export async function closeComposePool() {
  const closing = pool;
  pool = null;
  await closing?.destroy();
}
