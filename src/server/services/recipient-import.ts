import fs from 'node:fs';
import Papa from 'papaparse';
import type { ImportReport } from '../../contract/campaigns';
import type { Db } from '../db/client';
import { AppError } from '../errors';
import {
  deleteCampaignRecipients,
  insertRecipientBatch,
  type RecipientBatch,
  setRecipientCount,
} from '../queries/recipients';
import { findTemplate } from '../queries/templates';
import { cleanMapping, ownCampaign } from './campaigns';

export type ImportLimits = { maxBytes: number; maxRows: number };

const BATCH_SIZE = 5000;
const REPORTED_SKIPS = 100;
const EMAIL = /^[^\s@"<>,;]+@[^\s@"<>,;]+\.[^\s@"<>,;.]{2,}$/;

/**
 * Replaces a draft campaign's recipients with the rows of a CSV file (streamed: BOM, `,` `;` or
 * tab delimiters, quoted newlines). Rows without a valid email and repeated addresses
 * (case-insensitive) are skipped and reported with their row numbers. It all happens in one
 * transaction: a failure part-way leaves the previous recipients exactly as they were.
 */
export async function importRecipients(
  db: Db,
  userId: number,
  campaignId: number,
  input: { filePath: string; columnMapping: Record<string, string> | null; limits: ImportLimits },
): Promise<ImportReport> {
  const campaign = await ownCampaign(db, userId, campaignId);
  if (campaign.status !== 'draft') {
    throw new AppError('conflict', 'Recipients can only be replaced while the campaign is a draft');
  }
  const template = campaign.templateId ? await findTemplate(db, userId, campaign.templateId) : null;
  const mapping = cleanMapping(input.columnMapping ?? campaign.columnMapping, template?.variables ?? null);
  const emailColumn = mapping.email;
  if (!emailColumn) throw new AppError('unprocessable', 'Please map the email column for CSV upload');
  assertLooksLikeCsv(input.filePath);

  return db.transaction(async (tx) => {
    await deleteCampaignRecipients(tx, campaignId);
    const report: ImportReport = { imported: 0, skipped: 0, skippedRows: [], columns: [] };
    const skip = (row: number, email: string, reason: string) => {
      report.skipped++;
      if (report.skippedRows.length < REPORTED_SKIPS) report.skippedRows.push({ row, email, reason });
    };
    let batch = emptyBatch();
    const flush = async () => {
      if (batch.emails.length === 0) return;
      const inserted = await insertRecipientBatch(tx, campaignId, batch);
      report.imported += inserted.size;
      batch.rowNumbers.forEach((row, i) => {
        if (!inserted.has(row)) skip(row, batch.emails[i]!, 'Duplicate email');
      });
      batch = emptyBatch();
    };

    let rowNumber = 1; // the header is row 1
    for await (const record of parseCsv(input.filePath)) {
      rowNumber++;
      if (rowNumber === 2) {
        report.columns = Object.keys(record).filter((c) => c !== '__parsed_extra');
        const missing = Object.entries(mapping).find(([, column]) => !report.columns.includes(column));
        if (missing) {
          throw new AppError(
            'unprocessable',
            `The column "${missing[1]}" mapped to ${missing[0]} is not in this file`,
          );
        }
      }
      if (rowNumber - 1 > input.limits.maxRows) {
        throw new AppError(
          'payload_too_large',
          `The file has more than ${input.limits.maxRows.toLocaleString('en-US')} rows, the most one campaign can import`,
        );
      }
      const email = (record[emailColumn] ?? '').trim();
      if (!email) {
        skip(rowNumber, '', 'Missing email');
        continue;
      }
      if (email.length > 254 || !EMAIL.test(email)) {
        skip(rowNumber, email.slice(0, 254), 'Invalid email address');
        continue;
      }
      delete record.__parsed_extra;
      batch.emails.push(email);
      batch.companies.push(cellValue(record, mapping.company));
      batch.jobTitles.push(cellValue(record, mapping.job_title));
      batch.data.push(JSON.stringify(record));
      batch.rowNumbers.push(rowNumber);
      if (batch.emails.length >= BATCH_SIZE) await flush();
    }
    await flush();

    if (rowNumber === 1) throw new AppError('unprocessable', 'The CSV file has a header but no data rows');
    if (report.imported === 0)
      throw new AppError('unprocessable', 'No row of this file has a valid email address');
    await setRecipientCount(tx, campaignId, mapping);
    return report;
  });
}

/** Rows as objects keyed by the (trimmed, BOM-free) header, streamed with backpressure. */
async function* parseCsv(filePath: string): AsyncGenerator<Record<string, string>> {
  const parser = Papa.parse(Papa.NODE_STREAM_INPUT, {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (h: string) => h.replace(/^\uFEFF/, '').trim(),
  });
  const source = fs.createReadStream(filePath, { encoding: 'utf8' });
  source.on('error', (err) => parser.destroy(err));
  source.pipe(parser);
  yield* parser as AsyncIterable<Record<string, string>>;
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

function cellValue(record: Record<string, string>, column: string | undefined): string | null {
  const value = column ? record[column]?.trim() : undefined;
  return value ? value : null;
}

const emptyBatch = (): RecipientBatch => ({
  emails: [],
  companies: [],
  jobTitles: [],
  data: [],
  rowNumbers: [],
});
