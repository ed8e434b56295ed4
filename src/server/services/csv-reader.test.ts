import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { assertLooksLikeCsv, headerNames, parseCsvChunks } from './csv-reader';

const files: string[] = [];
function fileWith(content: string | Buffer) {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tailor-csv-')), 'r.csv');
  fs.writeFileSync(file, content);
  files.push(file);
  return file;
}
afterEach(() => {
  for (const file of files.splice(0)) fs.rmSync(path.dirname(file), { recursive: true, force: true });
});

async function rowsOf(file: string) {
  const rows: string[][] = [];
  for await (const chunk of parseCsvChunks(file)) rows.push(...chunk);
  return rows;
}

describe('parseCsvChunks', () => {
  it('reads commas, semicolons and tabs, quoted newlines, and skips blank lines', async () => {
    expect(await rowsOf(fileWith('email,name\na@x.io,"Ann\nLee"\n\nb@x.io,Bo\n'))).toEqual([
      ['email', 'name'],
      ['a@x.io', 'Ann\nLee'],
      ['b@x.io', 'Bo'],
    ]);
    expect(await rowsOf(fileWith('email;name\r\na@x.io;Ann\r\n'))).toEqual([
      ['email', 'name'],
      ['a@x.io', 'Ann'],
    ]);
    expect(await rowsOf(fileWith('email\tname\na@x.io\tAnn\n'))).toEqual([
      ['email', 'name'],
      ['a@x.io', 'Ann'],
    ]);
  });

  it('streams a large file in several chunks, losing no row', async () => {
    const lines = ['email', ...Array.from({ length: 60_000 }, (_, i) => `r${i}@example.com`)];
    const file = fileWith(`${lines.join('\n')}\n`);
    let chunks = 0;
    const rows: string[][] = [];
    for await (const chunk of parseCsvChunks(file)) {
      chunks++;
      rows.push(...chunk);
    }
    expect(chunks).toBeGreaterThan(1);
    expect(rows.map((r) => r[0])).toEqual(lines);
  });
});

describe('headerNames', () => {
  it('drops the BOM, trims, and names blank and repeated columns so no cell is lost', () => {
    expect(headerNames(['\uFEFF Email ', '', 'Name', 'Name', ' '])).toEqual([
      'Email',
      'Column 2',
      'Name',
      'Name (2)',
      'Column 5',
    ]);
  });
});

describe('assertLooksLikeCsv', () => {
  it('refuses empty and binary files with a clear message, and lets text through', () => {
    expect(() => assertLooksLikeCsv(fileWith('\uFEFF  \n'))).toThrow('CSV file appears to be empty');
    expect(() => assertLooksLikeCsv(fileWith(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00])))).toThrow(
      /binary data/,
    );
    expect(() => assertLooksLikeCsv(fileWith('email\na@x.io\n'))).not.toThrow();
  });
});
