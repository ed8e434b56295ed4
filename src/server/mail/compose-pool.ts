import Piscina from 'piscina';
import { type ComposeInput, composeMessages } from './compose';

let pool: Piscina | null = null;

/**
 * Composes `inputs` on `threads` worker threads, or on this thread when 0. Composing (MailComposer
 * and the text part) is the largest part of a send's CPU time; on threads, a worker process sends
 * with more than one core and its event loop stays free for the database and the mail servers.
 * A group is one task: its messages come back together, so one group can be on its way to the
 * mail server while the next is composed, and the threads see one message per group, not per email.
 */
export function composeOnThreads(inputs: ComposeInput[], threads: number): Promise<string[]> {
  if (threads === 0) return Promise.resolve(composeMessages(inputs));
  pool ??= new Piscina({
    // Next to this module: the .ts source under tsx, the bundled .js in dist/server.
    filename: new URL(`./compose-worker.${import.meta.url.endsWith('.ts') ? 'ts' : 'js'}`, import.meta.url)
      .href,
    minThreads: threads,
    maxThreads: threads,
    idleTimeout: 60_000,
    concurrentTasksPerWorker: 4,
  });
  return pool.run(inputs);
}

/** Stops the compose threads (at shutdown). */
export async function closeComposePool() {
  const closing = pool;
  pool = null;
  await closing?.destroy();
}
