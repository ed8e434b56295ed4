import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { waitUntil } from '../test/support/http-client';

/** The kernel's clock ticks per second, the unit of a process's CPU time in its stat file (100 on Linux). */
const CLOCK_TICKS = 100;

/**
 * The built server (`npm run build`) as one `web` process with the production heap cap, on the
 * given PostgreSQL database: what a deployment runs, measured from outside.
 */
export async function startBuiltServer(databaseUrl: string, env: Record<string, string> = {}) {
  if (!fs.existsSync('dist/server/main.js'))
    throw new Error('Run `npm run build` first: the benchmark serves the built server.');
  const port = 24000 + (process.pid % 1000);
  const base = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tailor-bench-server-'));
  // BENCH_CPU_PROF=<folder>: the server's CPU profile, written there when it stops.
  const profile = process.env.BENCH_CPU_PROF;
  const profileFlags = profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [];
  const args = ['--max-old-space-size=256', ...profileFlags, 'dist/server/main.js', 'web'];
  const server = spawn(process.execPath, args, {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      LOCAL_SIGN_IN: 'true',
      SECRET_KEY: 'bench-secret-key-that-is-long-enough-000',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => server.once('exit', resolve));
  await waitUntil(async () => (await fetch(`${base}/readyz`).catch(() => null))?.ok, 60_000, 'server ready');
  return {
    base,
    /** The server's resident memory now (VmRSS) or at its peak so far (VmHWM), in MB. */
    memoryMb(field: 'VmRSS' | 'VmHWM') {
      const status = fs.readFileSync(`/proc/${server.pid}/status`, 'utf8');
      return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024;
    },
    /** CPU time the server has used so far (user and system), in seconds. */
    cpuSeconds() {
      const stat = fs.readFileSync(`/proc/${server.pid}/stat`, 'utf8');
      // Fields after the command's closing parenthesis; utime and stime are the 12th and 13th, in ticks.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
    },
    async stop() {
      server.kill('SIGTERM');
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
