import fs from 'node:fs';
import Papa from 'papaparse';
import { AppError } from '../errors';

/**
 * The file's rows as arrays of cells, a chunk at a time. PapaParse's chunk mode on a file stream
 * is several times faster than its object-per-row stream; pausing the parser while the consumer
 * works keeps memory flat however large the file.
 */
export async function* parseCsvChunks(filePath: string): AsyncGenerator<string[][]> {
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
export function headerNames(cells: string[]): string[] {
  const seen = new Set<string>();
  return cells.map((raw, i) => {
    let name = raw.replace(/^\uFEFF/, '').trim() || `Column ${i + 1}`;
    for (let n = 2; seen.has(name); n++) name = `${raw.trim() || `Column ${i + 1}`} (${n})`;
    seen.add(name);
    return name;
  });
}

/** Empty files and binary files get a clear message instead of a pile of "invalid email" rows. */
export function assertLooksLikeCsv(filePath: string) {
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
