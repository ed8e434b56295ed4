import Papa from 'papaparse';

/** A CSV's header and first data row, used as the preview's sample recipient. */
export interface SampleCsv {
  fileName: string;
  columns: string[];
  /** Column → value of the second line (blank when the file has only a header). */
  values: Record<string, string>;
}

export type SampleCsvResult = { ok: true; sample: SampleCsv } | { ok: false; error: string };

export const EMPTY_CSV_MESSAGE = 'CSV file appears to be empty';
export const BAD_CSV_MESSAGE = 'Failed to parse CSV file. Please check the format.';

// The preview endpoint's limits on recipient data (src/contract/templates.ts).
const MAX_KEY_CHARS = 200;
const MAX_VALUE_CHARS = 10_000;

/** docs/product.md §2: the header is the first line, the sample values the second. */
export function parseSampleCsv(text: string, fileName: string): SampleCsvResult {
  const source = text.replace(/^\uFEFF/, '');
  if (!source.trim()) return { ok: false, error: EMPTY_CSV_MESSAGE };
  // Only the first two rows matter; `preview` stops Papa there even for a huge file.
  const parsed = Papa.parse<string[]>(source, { preview: 2, skipEmptyLines: true });
  // Papa reports ragged rows and an undetectable delimiter but still parses; broken quoting is fatal.
  if (parsed.errors.some((error) => error.type === 'Quotes')) return { ok: false, error: BAD_CSV_MESSAGE };
  const [header = [], row = []] = parsed.data;

  const columns: string[] = [];
  const values: Record<string, string> = {};
  header.forEach((cell, index) => {
    const column = cell.trim().slice(0, MAX_KEY_CHARS);
    if (!column || column in values) return;
    columns.push(column);
    values[column] = (row[index] ?? '').trim().slice(0, MAX_VALUE_CHARS);
  });
  if (columns.length === 0) return { ok: false, error: BAD_CSV_MESSAGE };
  return { ok: true, sample: { fileName, columns, values } };
}

/** Reads a picked file; unreadable files count as badly formatted. */
export async function readSampleCsv(file: File): Promise<SampleCsvResult> {
  try {
    return parseSampleCsv(await file.text(), file.name);
  } catch {
    return { ok: false, error: BAD_CSV_MESSAGE };
  }
}
