import { type ChildProcessByStdio, spawn } from 'node:child_process';
import path from 'node:path';
import type { Readable } from 'node:stream';

const ROOT = path.resolve(import.meta.dirname, '../..');

export type ScriptRun = { code: number | null; stdout: string; stderr: string };

/**
 * Runs one of the repository's scripts as `npm run` would (through tsx, from the project's
 * root) with `env` over a copy of this process's environment from which every AI_ and EVAL_
 * setting is taken out, so what the developer has set never leaks into a test.
 */
export function runScript(
  script: string,
  env: Record<string, string>,
  timeoutMs = 60_000,
): Promise<ScriptRun> {
  const base = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !key.startsWith('AI_') && !key.startsWith('EVAL_')),
  );
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: ROOT,
    env: { ...base, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return outputOf(child, timeoutMs);
}

/** What a child process printed and its exit code; one that hangs is killed after `timeoutMs`. */
export function outputOf(child: ChildProcessByStdio<null, Readable, Readable>, timeoutMs: number) {
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString('utf8');
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  // A script that hangs fails its test instead of holding the run.
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  return new Promise<ScriptRun>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
