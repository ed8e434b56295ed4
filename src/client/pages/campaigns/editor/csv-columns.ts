import Papa from 'papaparse';
import { BAD_CSV_MESSAGE, EMPTY_CSV_MESSAGE } from '../../templates/editor/sample-csv';

export type CsvColumnsResult = { ok: true; columns: string[] } | { ok: false; error: string };

export const NOT_CSV_MESSAGE = 'Please choose a .csv file';

// The header is all we need, and recipient files reach 50 MB: read only their start.
const HEAD_BYTES = 1024 * 1024;

/** docs/product.md §3: a chosen recipient file's first line, parsed in the browser into its column names. */
export async function readCsvColumns(file: File): Promise<CsvColumnsResult> {
  if (!file.name.toLowerCase().endsWith('.csv')) return { ok: false, error: NOT_CSV_MESSAGE };
  try {
    return parseCsvColumns(await file.slice(0, HEAD_BYTES).text());
  } catch {
    return { ok: false, error: BAD_CSV_MESSAGE };
  }
}

/**
 * The column names of a CSV's header, named as the server's import names them (blank cells
 * become "Column 3", repeats "Name (2)"), so a mapping made here matches the imported columns.
 */
export function parseCsvColumns(text: string): CsvColumnsResult {
  const source = text.replace(/^\uFEFF/, '');
  if (!source.trim()) return { ok: false, error: EMPTY_CSV_MESSAGE };
  // Papa's preview counts the blank lines it then skips, so take a few rows and the first real one.
  const parsed = Papa.parse<string[]>(source, { preview: 5, skipEmptyLines: 'greedy' });
  const header = parsed.data[0] ?? [];
  if (parsed.errors.some((error) => error.type === 'Quotes' && (error.row ?? 0) === 0)) {
    return { ok: false, error: BAD_CSV_MESSAGE };
  }
  if (header.every((cell) => !cell.trim())) return { ok: false, error: BAD_CSV_MESSAGE };

  const seen = new Set<string>();
  const columns = header.map((raw, index) => {
    const base = raw.trim() || `Column ${index + 1}`;
    let name = base;
    for (let n = 2; seen.has(name); n++) name = `${base} (${n})`;
    seen.add(name);
    return name;
  });
  return { ok: true, columns };
}
