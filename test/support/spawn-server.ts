import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildSync } from 'esbuild';

const ROOT = path.resolve(import.meta.dirname, '../..');

export type ServerProcess = {
  child: ChildProcess;
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  waitFor(text: string | RegExp, timeoutMs?: number): Promise<void>;
  /** The address the HTTP server listens on (start it with PORT=0 for a free port). */
  url(timeoutMs?: number): Promise<string>;
};

const LISTENING = /Server listening at (http:\/\/[\d.]+:\d+)/;

/** Where this test process's bundle of the server is, once built (bundledServer). */
let bundle: string | undefined;

/**
 * The server bundled as `npm run build` bundles it (esbuild), once per test process, into a
 * folder of that process's that goes when it exits. A process started from it costs a fraction of
 * the CPU tsx spends compiling the sources at every start, and the fault suites start a hundred
 * of them (kill trials, parallel starts). Packages resolve to the project's node_modules.
 */
function bundledServer(): string {
  if (bundle) return bundle;
  const cache = path.join(ROOT, 'node_modules', '.cache');
  removeBundlesOfEndedProcesses(cache);
  const outdir = path.join(cache, `tailor-server-${process.pid}`);
  buildSync({
    entryPoints: [
      'src/server/main.ts',
      'src/server/mail/compose-worker.ts',
      'src/server/services/conversations/imap-thread-worker.ts',
      'src/server/db/pglite-worker.ts',
    ].map((entry) => path.join(ROOT, entry)),
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    target: 'node20',
    outdir,
    entryNames: '[name]',
    logLevel: 'warning',
  });
  process.once('exit', () => fs.rmSync(outdir, { recursive: true, force: true }));
  bundle = path.join(outdir, 'main.js');
  return bundle;
}

/** A test process killed by the runner leaves its bundle behind: the next one clears it. */
function removeBundlesOfEndedProcesses(cache: string) {
  const entries = fs.existsSync(cache) ? fs.readdirSync(cache) : [];
  for (const entry of entries) {
    const pid = Number(/^tailor-server-(\d+)$/.exec(entry)?.[1]);
    if (!pid || isAlive(pid)) continue;
    fs.rmSync(path.join(cache, entry), { recursive: true, force: true });
  }
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Runs the real entry point (src/server/main.ts, bundled as the build bundles it) as its own
 * process: a role, or a command with its arguments.
 */
export function spawnServer(role: string, env: Record<string, string>, args: string[] = []): ServerProcess {
  const child = spawn(process.execPath, [bundledServer(), role, ...args], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const listeners = new Set<() => void>();
  const collect = (chunk: Buffer) => {
    out += chunk.toString();
    for (const l of listeners) l();
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  const waitFor = (text: string | RegExp, timeoutMs = 60_000) =>
    new Promise<void>((resolve, reject) => {
      const matches = () => (typeof text === 'string' ? out.includes(text) : text.test(out));
      if (matches()) return resolve();
      const timer = setTimeout(() => {
        listeners.delete(check);
        reject(new Error(`timed out waiting for ${text}; output so far:\n${out}`));
      }, timeoutMs);
      const check = () => {
        if (matches()) {
          clearTimeout(timer);
          listeners.delete(check);
          resolve();
        }
      };
      listeners.add(check);
      void exited.then(() => {
        if (!matches()) {
          clearTimeout(timer);
          reject(new Error(`process exited before ${text}; output:\n${out}`));
        }
      });
    });
  return {
    child,
    output: () => out,
    exited,
    waitFor,
    async url(timeoutMs) {
      await waitFor(LISTENING, timeoutMs);
      return LISTENING.exec(out)![1]!;
    },
  };
}
