import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import Papa from 'papaparse';
import type { ImportReport } from '../../contract/campaigns';
import type { Database } from '../db/client';
import { AppError } from '../errors';
import {
  deleteRecipientsOf,
  finishImport,
  insertRecipientsSkippingDuplicates,
  openRecipientCopy,
  type RecipientRow,
} from '../queries/recipient-bulk';
import { findTemplate } from '../queries/templates';
import { cleanMapping, ownCampaign } from './campaigns';

export type ImportLimits = { maxBytes: number; maxRows: number };

const REPORTED_SKIPS = 100;
const EMAIL = /^[^\s@"<>,;]+@[^\s@"<>,;]+\.[^\s@"<>,;.]{2,}$/;

/**
 * Replaces a draft campaign's recipients with the rows of a CSV file (streamed: BOM, `,` `;` or
 * tab delimiters, quoted newlines). Rows without a valid email and repeated addresses
 * (case-insensitive) are skipped and reported with their row numbers. It all happens in one
 * transaction: a failure part-way leaves the previous recipients exactly as they were.
 */
export async function importRecipients(
  database: Database,
  userId: number,
  campaignId: number,
  input: { filePath: string; columnMapping: Record<string, string> | null; limits: ImportLimits },
): Promise<ImportReport> {
  const db = database.db;
  const campaign = await ownCampaign(db, userId, campaignId);
  if (campaign.status !== 'draft') {
    throw new AppError('conflict', 'Recipients can only be replaced while the campaign is a draft');
  }
  const template = campaign.templateId ? await findTemplate(db, userId, campaign.templateId) : null;
  const mapping = cleanMapping(input.columnMapping ?? campaign.columnMapping, template?.variables ?? null);
  const emailColumn = mapping.email;
  if (!emailColumn) throw new AppError('unprocessable', 'Please map the email column for CSV upload');
  assertLooksLikeCsv(input.filePath);

  const suspects = new SuspectSpill();
  try {
    return await database.bulkTransaction(async (session) => {
      await deleteRecipientsOf(session, campaignId);
      const report: ImportReport = { imported: 0, skipped: 0, skippedRows: [], columns: [] };
      const skip = (row: number, email: string, reason: string) => {
        report.skipped++;
        if (report.skippedRows.length < REPORTED_SKIPS) report.skippedRows.push({ row, email, reason });
      };
      // Rows with a new address stream straight into a COPY as each chunk is parsed, so nothing
      // piles up in memory. Suspected repeats wait in a temporary file and go in afterwards,
      // through a statement that lets the unique index decide.
      const copy = openRecipientCopy(session, campaignId);
      const seen = new AddressFilter();
      let header: string[] | null = null;
      let columns: { email: number; company: number; jobTitle: number } | null = null;
      let rowNumber = 0;
      try {
        for await (const rows of parseCsvChunks(input.filePath)) {
          const fresh: RecipientRow[] = [];
          for (const cells of rows) {
            rowNumber++;
            if (!header) {
              header = headerNames(cells);
              report.columns = header;
              columns = columnIndexes(header, mapping);
              continue;
            }
            if (rowNumber - 1 > input.limits.maxRows) {
              throw new AppError(
                'payload_too_large',
                `The file has more than ${input.limits.maxRows.toLocaleString('en-US')} rows, the most one campaign can import`,
              );
            }
            const email = (cells[columns!.email] ?? '').trim();
            if (!email) {
              skip(rowNumber, '', 'Missing email');
              continue;
            }
            if (email.length > 254 || !EMAIL.test(email)) {
              skip(rowNumber, email.slice(0, 254), 'Invalid email address');
              continue;
            }
            const row: RecipientRow = {
              email,
              company: cell(cells, columns!.company),
              jobTitle: cell(cells, columns!.jobTitle),
              data: rowJson(header, cells),
              rowNumber,
            };
            if (seen.addIfNew(email)) fresh.push(row);
            else suspects.add(row);
          }
          if (fresh.length) await copy.write(fresh);
          report.imported += fresh.length;
        }
        await copy.end();
      } catch (err) {
        copy.abort();
        throw err;
      }
      for await (const batch of suspects.batches(SUSPECT_BATCH)) {
        const inserted = await insertRecipientsSkippingDuplicates(session, campaignId, batch);
        report.imported += inserted.size;
        for (const row of batch)
          if (!inserted.has(row.rowNumber)) skip(row.rowNumber, row.email, 'Duplicate email');
      }

      if (rowNumber <= 1) throw new AppError('unprocessable', 'The CSV file has a header but no data rows');
      if (report.imported === 0)
        throw new AppError('unprocessable', 'No row of this file has a valid email address');
      await finishImport(session, campaignId, mapping);
      return report;
    });
  } finally {
    suspects.discard();
  }
}

/** Suspected repeats, kept on disk (a file can hold any number of them) until the COPY is done. */
class SuspectSpill {
  private readonly file = path.join(os.tmpdir(), `tailor-suspects-${crypto.randomUUID()}.jsonl`);
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
class AddressFilter {
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

const SUSPECT_BATCH = 10_000;

/**
 * The file's rows as arrays of cells, a chunk at a time. PapaParse's chunk mode on a file stream
 * is several times faster than its object-per-row stream; pausing the parser while the consumer
 * works keeps memory flat however large the file.
 */
async function* parseCsvChunks(filePath: string): AsyncGenerator<string[][]> {
  const chunks: string[][][] = [];
  let parser: Papa.Parser | null = null;
  let finished = false;
  let failure: Error | null = null;
  let wake: (() => void) | null = null;
  const notify = () => {
    wake?.();
    wake = null;
  };
  const source = fs.createReadStream(filePath, { encoding: 'utf8', highWaterMark: 1 << 20 });
  Papa.parse(source as unknown as File, {
    header: false,
    skipEmptyLines: 'greedy',
    chunk(results: Papa.ParseResult<string[]>, p: Papa.Parser) {
      parser = p;
      // Pausing the parser alone does not stop the file stream (PapaParse would queue the rest of
      // the file in memory), so the source pauses too until the consumer asks for more.
      p.pause();
      source.pause();
      chunks.push(results.data);
      notify();
    },
    complete() {
      finished = true;
      notify();
    },
    error(err: Error) {
      failure = err;
      notify();
    },
  });
  source.on('error', (err) => {
    failure = err;
    notify();
  });
  try {
    while (true) {
      const next = chunks.shift();
      if (next) {
        yield next;
        (parser as Papa.Parser | null)?.resume();
        source.resume();
        continue;
      }
      if (failure) throw new AppError('unprocessable', 'Failed to parse CSV file. Please check the format.');
      if (finished) return;
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
    }
  } finally {
    source.destroy();
  }
}

/** Trimmed, BOM-free header names; blanks and repeats get a unique name so no cell is lost. */
function headerNames(cells: string[]): string[] {
  const seen = new Set<string>();
  return cells.map((raw, i) => {
    let name = raw.replace(/^\uFEFF/, '').trim() || `Column ${i + 1}`;
    for (let n = 2; seen.has(name); n++) name = `${raw.trim() || `Column ${i + 1}`} (${n})`;
    seen.add(name);
    return name;
  });
}

function columnIndexes(header: string[], mapping: Record<string, string>) {
  const missing = Object.entries(mapping).find(([, column]) => !header.includes(column));
  if (missing) {
    throw new AppError(
      'unprocessable',
      `The column "${missing[1]}" mapped to ${missing[0]} is not in this file`,
    );
  }
  const index = (column: string | undefined) => (column ? header.indexOf(column) : -1);
  return { email: index(mapping.email), company: index(mapping.company), jobTitle: index(mapping.job_title) };
}

/** The whole row as a JSON object keyed by header (cells past the header are dropped). */
function rowJson(header: string[], cells: string[]): string {
  const record: Record<string, string> = {};
  for (let i = 0; i < header.length; i++) record[header[i]!] = cells[i] ?? '';
  return JSON.stringify(record);
}

function cell(cells: string[], index: number): string | null {
  const value = index >= 0 ? cells[index]?.trim() : undefined;
  return value ? value : null;
}

/** Empty files and binary files get a clear message instead of a pile of "invalid email" rows. */
function assertLooksLikeCsv(filePath: string) {
  const fd = fs.openSync(filePath, 'r');
  try {
    const head = Buffer.alloc(64 * 1024);
    const read = fs.readSync(fd, head, 0, head.length, 0);
    const sample = head.subarray(0, read);
    if (
      sample
        .toString('utf8')
        .replace(/^\uFEFF/, '')
        .trim() === ''
    ) {
      throw new AppError('unprocessable', 'CSV file appears to be empty');
    }
    if (sample.includes(0)) {
      throw new AppError('unprocessable', 'This file does not look like a CSV: it contains binary data');
    }
  } finally {
    fs.closeSync(fd);
  }
}
