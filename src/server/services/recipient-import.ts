import type { ImportReport } from '../../contract/campaigns';
import type { Database } from '../db/client';
import type { WorkspaceId } from '../db/schema';
import { AppError } from '../errors';
import { ianaTimeZone } from '../lib/time-zone';
import {
  clearUnknownTimeZones,
  deleteRecipientsOf,
  finishImport,
  insertRecipientsSkippingDuplicates,
  openRecipientCopy,
  type RecipientRow,
} from '../queries/recipient-bulk';
import { cleanMapping, mappingVariables, ownCampaign, templatesOfSteps } from './campaigns';
import { assertLooksLikeCsv, headerNames, parseCsvChunks } from './csv-reader';
import { AddressFilter, SuspectSpill } from './duplicate-filter';

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
  workspaceId: WorkspaceId,
  campaignId: number,
  input: { filePath: string; columnMapping: Record<string, string> | null; limits: ImportLimits },
): Promise<ImportReport> {
  const db = database.db;
  const campaign = await ownCampaign(db, workspaceId, campaignId);
  if (campaign.status !== 'draft') {
    throw new AppError('conflict', 'Recipients can only be replaced while the campaign is a draft');
  }
  // One mapping serves every step: a variable only a follow-up uses keeps its column too.
  const [template, ...followUps] = await templatesOfSteps(db, campaign);
  const variables = template ? mappingVariables(template, followUps) : null;
  const mapping = cleanMapping(input.columnMapping ?? campaign.columnMapping, variables);
  const emailColumn = mapping.email;
  if (!emailColumn) throw new AppError('unprocessable', 'Please map the email column for CSV upload');
  assertLooksLikeCsv(input.filePath);

  const suspects = new SuspectSpill();
  try {
    const imported = await database.bulkTransaction(async (session) => {
      await deleteRecipientsOf(session, campaignId);
      const report: ImportReport = { imported: 0, skipped: 0, skippedRows: [], warnings: [], columns: [] };
      // Repeats are only known after the stream, so rows are reported by number, not as found.
      const skippedRows = new FirstRows(REPORTED_SKIPS);
      const warnings = new FirstRows(REPORTED_SKIPS);
      const skip = (row: number, email: string, reason: string) => {
        report.skipped++;
        skippedRows.add({ row, email, reason });
      };
      const warn = (row: number, email: string, reason: string) => warnings.add({ row, email, reason });
      let zonesGiven = false;
      // Rows with a new address stream straight into a COPY as each chunk is parsed, so nothing
      // piles up in memory. Suspected repeats wait in a temporary file and go in afterwards,
      // through a statement that lets the unique index decide.
      const copy = openRecipientCopy(session, campaignId);
      const seen = new AddressFilter();
      let header: string[] | null = null;
      let columns: ColumnIndexes | null = null;
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
            const made = recipientRowOf(cells, header, columns!, rowNumber);
            if ('skip' in made) {
              skip(rowNumber, made.skip.email, made.skip.reason);
              continue;
            }
            const { row } = made;
            if (made.badTimeZone) warn(rowNumber, row.email, unknownZone(made.badTimeZone));
            zonesGiven ||= row.timeZone !== null;
            if (seen.addIfNew(row.email)) fresh.push(row);
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
      if (zonesGiven)
        for (const { row, email, timeZone } of await clearUnknownTimeZones(session, campaignId))
          warn(row, email, unknownZone(timeZone));
      report.skippedRows = skippedRows.inOrder();
      report.warnings = warnings.inOrder();
      await finishImport(session, campaignId, mapping);
      return report;
    });
    // Generation pages through these rows next.
    await database.refreshStatistics(['recipients']);
    return imported;
  } finally {
    suspects.discard();
  }
}

const SUSPECT_BATCH = 10_000;

type ReportedRow = ImportReport['skippedRows'][number];

/** The `limit` lowest-numbered rows of those added in any order, e.g. the first 100 skipped rows. */
class FirstRows {
  private readonly rows: ReportedRow[] = [];
  /** Where the highest-numbered row kept is, once the list is full. */
  private last = -1;
  constructor(private readonly limit: number) {}

  add(row: ReportedRow) {
    if (this.rows.length < this.limit) {
      this.rows.push(row);
      return;
    }
    if (this.last < 0) this.last = this.highest();
    if (row.row >= this.rows[this.last]!.row) return;
    this.rows[this.last] = row;
    this.last = this.highest();
  }

  inOrder() {
    return this.rows.sort((a, b) => a.row - b.row);
  }

  private highest() {
    let at = 0;
    for (let i = 1; i < this.rows.length; i++) if (this.rows[i]!.row > this.rows[at]!.row) at = i;
    return at;
  }
}

const unknownZone = (value: string) =>
  `Unknown time zone "${value.slice(0, 64)}": the sender's time zone is used for this recipient`;

/** The column giving each recipient's IANA time zone, by its header (any case, with or without a space). */
const TIME_ZONE_HEADER = /^time[ _-]?zone$/i;

/** Where the mapped columns are in the header; a mapped column the file lacks is an error. */
export function columnIndexes(header: string[], mapping: Record<string, string>) {
  const missing = Object.entries(mapping).find(([, column]) => !header.includes(column));
  if (missing) {
    throw new AppError(
      'unprocessable',
      `The column "${missing[1]}" mapped to ${missing[0]} is not in this file`,
    );
  }
  const index = (column: string | undefined) => (column ? header.indexOf(column) : -1);
  return {
    email: index(mapping.email),
    company: index(mapping.company),
    jobTitle: index(mapping.job_title),
    timeZone: header.findIndex((name) => TIME_ZONE_HEADER.test(name.trim())),
  };
}

type ColumnIndexes = ReturnType<typeof columnIndexes>;

/** One data row: the recipient it makes, or why it is skipped (no email, or not a valid one). */
export function recipientRowOf(
  cells: string[],
  header: string[],
  columns: ColumnIndexes,
  rowNumber: number,
): { row: RecipientRow; badTimeZone?: string } | { skip: { email: string; reason: string } } {
  const email = (cells[columns.email] ?? '').trim();
  if (!email) return { skip: { email: '', reason: 'Missing email' } };
  if (email.length > 254 || !EMAIL.test(email))
    return { skip: { email: email.slice(0, 254), reason: 'Invalid email address' } };
  const zoneCell = cell(cells, columns.timeZone);
  const timeZone = zoneCell ? ianaTimeZone(zoneCell) : null;
  return {
    row: {
      email,
      company: cell(cells, columns.company),
      jobTitle: cell(cells, columns.jobTitle),
      data: rowJson(header, cells),
      rowNumber,
      timeZone,
    },
    // A recipient is not lost over a zone: it is imported, and the report says which was ignored.
    ...(zoneCell && !timeZone ? { badTimeZone: zoneCell } : {}),
  };
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
