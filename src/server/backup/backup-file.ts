import fs from 'node:fs';
import path from 'node:path';

/** A failure the operator can act on: its message is printed as it is, without a stack. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

export type BackupKind = 'pglite' | 'postgres';

/**
 * What a backup file holds, from its first bytes: the embedded database's backup is a gzipped
 * tarball, PostgreSQL's is pg_dump's custom archive ("PGDMP").
 */
export function backupKindOf(file: string): BackupKind {
  const fd = fs.openSync(file, 'r');
  const head = Buffer.alloc(5);
  try {
    fs.readSync(fd, head, 0, 5, 0);
  } finally {
    fs.closeSync(fd);
  }
  if (head[0] === 0x1f && head[1] === 0x8b) return 'pglite';
  if (head.toString('latin1') === 'PGDMP') return 'postgres';
  throw new BackupError(
    `${file} is not a Tailor backup (neither an embedded database backup nor a pg_dump archive).`,
  );
}

/**
 * Writes `data` beside `file` and renames it into place, so a reader (or a retention sweep) never
 * sees half a backup under the final name. Refuses to overwrite an existing file.
 */
export function writeAtomically(file: string, data: Buffer) {
  if (fs.existsSync(file)) throw new BackupError(`${file} already exists; choose another file name.`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  fs.writeFileSync(partial, data, { mode: 0o600 });
  fs.renameSync(partial, file);
}

/** `tailor-<kind>-2026-11-28T19-40-47Z.<ext>`: sorts by time, and says what it holds. */
export function backupFileName(kind: BackupKind, at: Date) {
  const stamp = at
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replaceAll(':', '-');
  return `tailor-${kind}-${stamp}.${kind === 'pglite' ? 'tar.gz' : 'dump'}`;
}

/** The time a backupFileName was made at, or null for any other file. */
export function backupTimeOf(name: string): Date | null {
  const match = /^tailor-(?:pglite|postgres)-(\d{4}-\d\d-\d\dT\d\d)-(\d\d)-(\d\d)Z\.(?:tar\.gz|dump)$/.exec(
    name,
  );
  return match ? new Date(`${match[1]}:${match[2]}:${match[3]}Z`) : null;
}
