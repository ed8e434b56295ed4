import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { build } from 'esbuild';

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

/**
 * The server bundled as `npm run build` bundles it, into a folder of this test run's: a process
 * of it starts in a fraction of the CPU time tsx needs to compile the sources (tests that start
 * dozens of processes). Its imports of packages resolve to the project's node_modules.
 */
export async function bundleServer(): Promise<string> {
  const outdir = path.join(ROOT, 'node_modules', '.cache', `tailor-server-${process.pid}`);
  await build({
    entryPoints: [
      'src/server/main.ts',
      'src/server/mail/compose-worker.ts',
      'src/server/services/conversations/imap-thread-worker.ts',
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
  return path.join(outdir, 'main.js');
}

/**
 * Runs the real entry point as its own process: src/server/main.ts through tsx, or a bundle of it
 * (bundleServer).
 */
export function spawnServer(role: string, env: Record<string, string>, bundle?: string): ServerProcess {
  const args = bundle ? [bundle, role] : ['--import', 'tsx', 'src/server/main.ts', role];
  const child = spawn(process.execPath, args, {
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
