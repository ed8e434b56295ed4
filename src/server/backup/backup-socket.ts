import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { PgliteClient } from '../db/pglite-thread';
import { BackupError } from './backup-file';
import { dumpPglite } from './pglite-backup';

/**
 * The process that has the embedded database open (DATA_DIR's lock) answers `tailor backup` on a
 * Unix socket in DATA_DIR: only who may read DATA_DIR can connect, which is who could copy the
 * database anyway, so the socket needs no other credential (docs/decisions/0012).
 */
export const backupSocketPath = (dataDir: string) => path.join(dataDir, 'tailor.sock');

/** Serves a fresh dump of `client` to each request on the socket; returns how to stop. */
export async function serveBackups(
  dataDir: string,
  client: PgliteClient,
  log: { error(obj: object, msg: string): void },
): Promise<() => Promise<void>> {
  const socket = backupSocketPath(dataDir);
  // This process holds DATA_DIR's lock, so a socket file left there is a dead process's.
  fs.rmSync(socket, { force: true });
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || req.url !== '/backup') {
      res.writeHead(404).end();
      return;
    }
    dumpPglite(client).then(
      (dump) => {
        res.writeHead(200, { 'content-type': 'application/gzip', 'content-length': dump.length }).end(dump);
      },
      (err: unknown) => {
        log.error({ err }, 'backup requested on the socket failed');
        res
          .writeHead(500, { 'content-type': 'text/plain' })
          .end(err instanceof Error ? err.message : String(err));
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socket, resolve);
  });
  fs.chmodSync(socket, 0o600);
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
}

/**
 * Asks the Tailor process on DATA_DIR for a dump (see serveBackups); null when no process
 * answers on the socket (none runs, or one that crashed left the socket behind).
 */
export function requestBackup(dataDir: string): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const req = http.get({ socketPath: backupSocketPath(dataDir), path: '/backup' }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        if (res.statusCode === 200) resolve(body);
        else
          reject(
            new BackupError(`The running Tailor process could not make the backup: ${body.toString('utf8')}`),
          );
      });
    });
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT' || err.code === 'ECONNREFUSED') resolve(null);
      else reject(new BackupError(`Could not ask the running Tailor process for a backup: ${err.message}`));
    });
  });
}
