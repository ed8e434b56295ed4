import type { BulkSession } from '../db/client';

/** One recipient as the import writes it. */
export type RecipientRow = {
  email: string;
  company: string | null;
  jobTitle: string | null;
  /** The whole CSV record as JSON text. */
  data: string;
  rowNumber: number;
  /** The IANA zone of the file's `timezone` column, already checked. */
  timeZone: string | null;
};

const COPY_COLUMNS = ['campaign_id', 'email', 'company', 'job_title', 'data', 'row_number', 'time_zone'];

export async function deleteRecipientsOf(session: BulkSession, campaignId: number) {
  await session.query('delete from recipients where campaign_id = $1', [campaignId]);
}

/**
 * COPY: the fastest way in, for rows known to be new addresses (the caller has deduplicated
 * them). A conflict here would abort the whole import, which is why suspects go through
 * `insertRecipientsSkippingDuplicates` instead.
 */
export function openRecipientCopy(session: BulkSession, campaignId: number) {
  const copy = session.openCopy('recipients', COPY_COLUMNS);
  return {
    write: (rows: RecipientRow[]) => copy.write(rows.map((r) => recipientLine(campaignId, r)).join('')),
    end: () => copy.end(),
    abort: () => copy.abort(),
  };
}

function recipientLine(campaignId: number, r: RecipientRow) {
  return `${campaignId}\t${text(r.email)}\t${nullable(r.company)}\t${nullable(r.jobTitle)}\t${text(r.data)}\t${r.rowNumber}\t${nullable(r.timeZone)}\n`;
}

/** Inserts rows that may repeat an address already stored; returns the row numbers that went in. */
export async function insertRecipientsSkippingDuplicates(
  session: BulkSession,
  campaignId: number,
  rows: RecipientRow[],
): Promise<Set<number>> {
  if (rows.length === 0) return new Set();
  const inserted = await session.query<{ row_number: number }>(
    `insert into recipients (campaign_id, email, company, job_title, data, row_number, time_zone)
     select $1, t.email, t.company, t.job_title, t.data::jsonb, t.row_number, t.time_zone
     from unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::int[], $7::text[])
       as t(email, company, job_title, data, row_number, time_zone)
     on conflict do nothing
     returning row_number`,
    [
      campaignId,
      rows.map((r) => r.email),
      rows.map((r) => r.company),
      rows.map((r) => r.jobTitle),
      rows.map((r) => r.data),
      rows.map((r) => r.rowNumber),
      rows.map((r) => r.timeZone),
    ],
  );
  return new Set(inserted.map((r) => Number(r.row_number)));
}

/**
 * Zones the database does not know (its zone data can be older than the runtime's) are cleared,
 * so no follow-up's due time can fail on one; returns the rows cleared, for the import's report.
 */
export async function clearUnknownTimeZones(session: BulkSession, campaignId: number) {
  const rows = await session.query<{ row_number: number; email: string; time_zone: string }>(
    `with unknown as (
       select distinct time_zone from recipients r
       where campaign_id = $1 and time_zone is not null
         and not exists (select 1 from pg_timezone_names z where lower(z.name) = lower(r.time_zone))
     )
     update recipients r set time_zone = null
     from unknown where r.campaign_id = $1 and r.time_zone = unknown.time_zone
     returning r.row_number, r.email, unknown.time_zone`,
    [campaignId],
  );
  return rows.map((r) => ({ row: Number(r.row_number), email: r.email, timeZone: r.time_zone }));
}

export async function finishImport(
  session: BulkSession,
  campaignId: number,
  mapping: Record<string, string>,
) {
  await session.query(
    `update campaigns
     set recipient_count = (select count(*)::int from recipients where campaign_id = $1),
         column_mapping = $2::jsonb, updated_at = now()
     where id = $1`,
    [campaignId, JSON.stringify(mapping)],
  );
}

/** COPY text format escapes backslash, tab, newline and carriage return; most values have none. */
const SPECIAL = /[\\\t\n\r]/;
const text = (value: string) =>
  SPECIAL.test(value)
    ? value.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r')
    : value;
const nullable = (value: string | null) => (value === null ? '\\N' : text(value));
