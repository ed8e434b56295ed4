import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { inject } from 'vitest';
import { TEST_NODE_FLAGS } from './node-flags';
import { bundledSource } from './source-bundles';

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
 * `entry` (a path from the project's root) bundled as `npm run build` bundles the server, with the
 * threads' modules beside it as in dist/server, once for the run (test/support/source-bundles.ts).
 * A process started from it costs a fraction of the CPU tsx spends compiling the sources at every
 * start, and the fault suites start hundreds of them (kill trials, parallel starts).
 */
export function bundledProgram(entry: string): string {
  return bundledSource(inject('sourceBundles'), entry);
}

/**
 * Runs the real entry point (src/server/main.ts, bundled as the build bundles it) as its own
 * process: a role, or a command with its arguments.
 */
export function spawnServer(role: string, env: Record<string, string>, args: string[] = []): ServerProcess {
  const child = spawn(
    process.execPath,
    [...TEST_NODE_FLAGS, bundledProgram('src/server/main.ts'), role, ...args],
    {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'info', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
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
