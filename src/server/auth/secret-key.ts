import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The master secret: SECRET_KEY when set, otherwise one generated once into DATA_DIR so the
 * embedded default needs no set-up. In production SECRET_KEY is required, because every web and
 * worker process must share it (a key on one machine's disk cannot be that).
 */
export function loadMasterSecret(opts: {
  secretKey?: string;
  dataDir: string;
  isProduction: boolean;
}): Buffer {
  if (opts.secretKey) {
    if (opts.secretKey.length < 32) throw new Error('SECRET_KEY must be at least 32 characters long.');
    return Buffer.from(opts.secretKey, 'utf8');
  }
  if (opts.isProduction) {
    throw new Error('SECRET_KEY is required in production (generate one with: openssl rand -base64 48).');
  }
  fs.mkdirSync(opts.dataDir, { recursive: true });
  const file = path.join(opts.dataDir, 'secret.key');
  try {
    fs.writeFileSync(file, crypto.randomBytes(48).toString('base64'), { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'utf8');
}

/** Derives an independent 32-byte key per purpose, so one leaked key reveals nothing else. */
export function deriveKey(master: Buffer, purpose: 'tokens' | 'cookies'): Buffer {
  return Buffer.from(crypto.hkdfSync('sha256', master, Buffer.alloc(0), `tailor:${purpose}`, 32));
}
