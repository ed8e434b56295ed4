import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import type { RecipientRow } from '../queries/recipient-bulk';

/** Suspected repeats, kept on disk (a file can hold any number of them) until the COPY is done. */
export class SuspectSpill {
  /** Where the rows wait (a file of JSON lines). */
  readonly file = path.join(os.tmpdir(), `tailor-suspects-${crypto.randomUUID()}.jsonl`);
  private count = 0;
  add(row: RecipientRow) {
    fs.appendFileSync(this.file, `${JSON.stringify(row)}\n`);
    this.count++;
  }
  async *batches(size: number): AsyncGenerator<RecipientRow[]> {
    if (this.count === 0) return;
    let batch: RecipientRow[] = [];
    for await (const line of readline.createInterface({
      input: fs.createReadStream(this.file),
      crlfDelay: Infinity,
    })) {
      batch.push(JSON.parse(line) as RecipientRow);
      if (batch.length >= size) {
        yield batch;
        batch = [];
      }
    }
    if (batch.length) yield batch;
  }
  discard() {
    fs.rmSync(this.file, { force: true });
  }
}

/**
 * Remembers addresses as 30-bit hashes (small integers: a million cost ~20 MB, where the strings
 * would cost over 100 MB). A new hash means a new address for certain; a known hash is only a
 * suspect — a repeat, or rarely a collision — and the database's unique index has the last word.
 */
export class AddressFilter {
  private readonly hashes = new Set<number>();
  addIfNew(email: string): boolean {
    const hash = fnv1a(email.toLowerCase()) >>> 2;
    if (this.hashes.has(hash)) return false;
    this.hashes.add(hash);
    return true;
  }
}

function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
