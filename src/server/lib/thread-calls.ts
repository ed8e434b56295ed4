import { parentPort, type TransferListItem, Worker } from 'node:worker_threads';

/** What a thread answers a numbered request with: its value, or its error as data. */
export type ThreadReply = { id: number; value?: unknown; error?: Record<string, unknown> };

export type ThreadCalls<Request> = {
  /** Posts the request; settles with the thread's answer to it. */
  call<T>(request: Request): Promise<T>;
  /** Ends the thread; calls still waiting fail. */
  terminate(): Promise<void>;
};

/**
 * Where a process running from the sources may put a function from a thread's .ts module to a
 * runnable bundle of it (the tests: test/support/source-bundles.ts). Without one, the thread loads
 * the source through tsx.
 */
export const SOURCE_THREAD_MODULE = Symbol.for('tailor.sourceThreadModule');

/**
 * Starts the module `name` next to `importer` (see workerFor) on a worker thread, to be called:
 * each call posts the request with a number and settles with the reply of that number (see
 * answerCalls). The thread keeps the process alive only while a call waits. Once it fails or
 * stops, every waiting and later call fails with the reason (naming the thread as `what`), and
 * `onStop` hears it.
 */
export function startThread<Request extends object>(
  name: string,
  importer: string,
  { what, onStop = () => {} }: { what: string; onStop?: (err: Error) => void },
): ThreadCalls<Request> {
  const worker = workerFor(name, importer);
  worker.unref();
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (err: Error) => void }>();
  let nextId = 1;
  let stopped: Error | null = null;
  worker.on('message', ({ id, value, error }: ThreadReply) => {
    const waiting = pending.get(id);
    if (!waiting) return;
    pending.delete(id);
    if (pending.size === 0) worker.unref();
    if (error !== undefined) waiting.reject(Object.assign(new Error(String(error.message)), error));
    else waiting.resolve(value);
  });
  const stop = (err: Error) => {
    if (stopped) return;
    stopped = err;
    for (const waiting of pending.values()) waiting.reject(err);
    pending.clear();
    onStop(err);
  };
  worker.on('error', (err) => stop(new Error(`The ${what} failed: ${err.message}`)));
  worker.on('exit', (code) => stop(new Error(`The ${what} stopped (exit code ${code})`)));
  return {
    call<T>(request: Request): Promise<T> {
      if (stopped) return Promise.reject(stopped);
      const id = nextId++;
      return new Promise<T>((resolve, reject) => {
        pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
        worker.ref();
        worker.postMessage({ ...request, id });
      });
    },
    async terminate() {
      await worker.terminate();
    },
  };
}

/**
 * The worker running `name` next to `importer`: the bundled .js beside it in dist/server; from the
 * sources, the bundle the process gives (the tests), else the .ts through tsx's API, since a worker
 * thread does not inherit tsx's loader.
 */
function workerFor(name: string, importer: string): Worker {
  if (!importer.endsWith('.ts')) return new Worker(new URL(`./${name}.js`, importer));
  const url = new URL(`./${name}.ts`, importer);
  const fromBundle = (globalThis as Record<symbol, ((source: URL) => URL) | undefined>)[SOURCE_THREAD_MODULE];
  if (fromBundle) return new Worker(fromBundle(url));
  return new Worker(
    `import('tsx/esm/api').then((tsx) => tsx.tsImport(${JSON.stringify(url.href)}, ${JSON.stringify(importer)}))`,
    { eval: true },
  );
}

/** An answer whose buffers move to the other thread instead of being copied. */
export class Transferred {
  constructor(
    readonly value: unknown,
    readonly list: TransferListItem[],
  ) {}
}

/**
 * The thread's side of startThread: answers each numbered request with what `answer` resolves to
 * (moving the buffers of a Transferred), or with its error as data: the message, name and plain
 * fields (PostgreSQL's code, detail, constraint…).
 */
export function answerCalls<Request extends object>(answer: (request: Request) => Promise<unknown>) {
  const port = parentPort!;
  port.on('message', (request: Request & { id: number }) => {
    answer(request).then(
      (value) =>
        value instanceof Transferred
          ? port.postMessage({ id: request.id, value: value.value } satisfies ThreadReply, value.list)
          : port.postMessage({ id: request.id, value } satisfies ThreadReply),
      (err: unknown) => port.postMessage({ id: request.id, error: errorData(err) } satisfies ThreadReply),
    );
  });
}

function errorData(err: unknown): Record<string, unknown> {
  if (!(err instanceof Error)) return { message: typeof err === 'string' ? err : JSON.stringify(err) };
  const fields: Record<string, unknown> = { message: err.message, name: err.name, stack: err.stack };
  for (const [key, value] of Object.entries(err))
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
  return fields;
}
