import { describe, expect, it } from 'vitest';
import { BAD_CSV_MESSAGE, EMPTY_CSV_MESSAGE, parseSampleCsv, readSampleCsv } from './sample-csv';

describe('parseSampleCsv', () => {
  it('takes the header from the first line and the values from the second', () => {
    const result = parseSampleCsv(
      'email,First Name,company\njane@example.com,Jane,"Acme, Inc."\nbob@example.com,Bob,Other\n',
      'people.csv',
    );
    expect(result).toEqual({
      ok: true,
      sample: {
        fileName: 'people.csv',
        columns: ['email', 'First Name', 'company'],
        values: { email: 'jane@example.com', 'First Name': 'Jane', company: 'Acme, Inc.' },
      },
    });
  });

  it('handles a BOM, semicolons and CRLF line ends', () => {
    const result = parseSampleCsv('\uFEFFemail;name\r\na@example.com;Ann\r\n', 'x.csv');
    expect(result.ok && result.sample.values).toEqual({ email: 'a@example.com', name: 'Ann' });
  });

  it('gives blank values for a header-only file and ignores blank or repeated columns', () => {
    const result = parseSampleCsv('email,,email,company\n', 'x.csv');
    expect(result.ok && result.sample).toMatchObject({
      columns: ['email', 'company'],
      values: { email: '', company: '' },
    });
  });

  it('reports an empty file', () => {
    expect(parseSampleCsv('', 'x.csv')).toEqual({ ok: false, error: EMPTY_CSV_MESSAGE });
    expect(parseSampleCsv(' \n\n ', 'x.csv')).toEqual({ ok: false, error: EMPTY_CSV_MESSAGE });
  });

  it('reports broken quoting and a header without names', () => {
    expect(parseSampleCsv('email,name\n"a@example.com,Ann\n', 'x.csv')).toEqual({
      ok: false,
      error: BAD_CSV_MESSAGE,
    });
    expect(parseSampleCsv(',,\n1,2,3\n', 'x.csv')).toEqual({ ok: false, error: BAD_CSV_MESSAGE });
  });

  it('keeps markup as plain text (the preview escapes it)', () => {
    const result = parseSampleCsv('email,info\na@example.com,<img src=x onerror=alert(1)>\n', 'x.csv');
    expect(result.ok && result.sample.values.info).toBe('<img src=x onerror=alert(1)>');
  });
});

describe('readSampleCsv', () => {
  it('reads a picked file', async () => {
    const file = new File(['email\nme@example.com\n'], 'one.csv', { type: 'text/csv' });
    expect(await readSampleCsv(file)).toEqual({
      ok: true,
      sample: { fileName: 'one.csv', columns: ['email'], values: { email: 'me@example.com' } },
    });
  });
});
