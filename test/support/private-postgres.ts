import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * A PostgreSQL cluster of the test's own, for faults that would hurt everyone else on the shared
 * server (stopping it). Built with the installed server binaries: `pg_config --bindir`, else the
 * newest Debian version folder, or PG_BIN_DIR. PostgreSQL refuses to run as root, so as root the
 * cluster belongs to (and runs as) the `postgres` OS user.
 */
export type PrivateCluster = {
  /** A connection string for `database` (created on first call to `createDatabase`). */
  url(database?: string): string;
  createDatabase(name: string): void;
  stop(mode?: 'fast' | 'immediate'): void;
  start(): void;
  /** Stops the server (if running) and deletes its files. */
  destroy(): void;
};

const DEBIAN_ROOT = '/usr/lib/postgresql';

function binDir(): string {
  const candidates: string[] = [];
  if (process.env.PG_BIN_DIR) candidates.push(process.env.PG_BIN_DIR);
  try {
    candidates.push(execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim());
  } catch {}
  if (fs.existsSync(DEBIAN_ROOT)) {
    const versions = fs
      .readdirSync(DEBIAN_ROOT)
      .filter((v) => /^\d+$/.test(v))
      .sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((v) => path.join(DEBIAN_ROOT, v, 'bin')));
  }
  const found = candidates.find((dir) => fs.existsSync(path.join(dir, 'initdb')));
  if (!found)
    throw new Error(
      `No PostgreSQL server binaries (initdb, pg_ctl) found; looked in: ${candidates.join(', ') || 'nothing'}. ` +
        'Install the PostgreSQL server package or set PG_BIN_DIR.',
    );
  return found;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export async function startPrivateCluster(): Promise<PrivateCluster> {
  const bin = binDir();
  const asRoot = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tailor-pg-'));
  const data = path.join(dir, 'data');
  const log = path.join(dir, 'server.log');
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }));
    fs.chownSync(dir, uid, gid);
  }
  const run = (tool: string, args: string[]) => {
    const [file, argv] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args]]
      : [path.join(bin, tool), args];
    try {
      return execFileSync(file, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], cwd: dir });
    } catch (err) {
      const serverLog = fs.existsSync(log) ? fs.readFileSync(log, 'utf8').slice(-2000) : '';
      throw new Error(`${tool} ${args.join(' ')} failed: ${(err as Error).message}\n${serverLog}`);
    }
  };
  const port = await freePort();
  run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
  // Loopback only, the socket in the cluster's own folder, no fsync: a throwaway server.
  const options = `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c full_page_writes=off`;
  let running = false;
  const cluster: PrivateCluster = {
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    createDatabase(name) {
      run('createdb', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', name]);
    },
    start() {
      run('pg_ctl', ['start', '-D', data, '-l', log, '-w', '-t', '60', '-o', options]);
      running = true;
    },
    stop(mode = 'fast') {
      run('pg_ctl', ['stop', '-D', data, '-m', mode, '-w', '-t', '60']);
      running = false;
    },
    destroy() {
      try {
        if (running) cluster.stop('immediate');
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
  try {
    cluster.start();
  } catch (err) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  return cluster;
}
