import { describe, expect, it } from 'vitest';
import { BAD_CSV_MESSAGE, EMPTY_CSV_MESSAGE } from '../../templates/editor/sample-csv';
import { NOT_CSV_MESSAGE, parseCsvColumns, readCsvColumns } from './csv-columns';

describe('parseCsvColumns', () => {
  it('reads the first line only', () => {
    expect(parseCsvColumns('E-mail,First,"Organisation, Ltd",Title\r\na@x.io,Ann,Acme,CEO\n')).toEqual({
      ok: true,
      columns: ['E-mail', 'First', 'Organisation, Ltd', 'Title'],
    });
  });

  it('handles a BOM, semicolons and blank leading lines', () => {
    expect(parseCsvColumns('\uFEFF\nemail;name\na;b\n')).toEqual({ ok: true, columns: ['email', 'name'] });
  });

  it('names blank and repeated columns as the import does', () => {
    expect(parseCsvColumns(' email ,,Name,Name\n')).toEqual({
      ok: true,
      columns: ['email', 'Column 2', 'Name', 'Name (2)'],
    });
  });

  it('reports empty files, broken quoting and files without a header', () => {
    expect(parseCsvColumns(' \n')).toEqual({ ok: false, error: EMPTY_CSV_MESSAGE });
    expect(parseCsvColumns('"email,name\n')).toEqual({ ok: false, error: BAD_CSV_MESSAGE });
    expect(parseCsvColumns(',,\n,\n')).toEqual({ ok: false, error: BAD_CSV_MESSAGE });
    // Like the import, a row of empty cells is skipped: the header is the first row with a value.
    expect(parseCsvColumns(',,\n1,2,3\n')).toEqual({ ok: true, columns: ['1', '2', '3'] });
  });
});

describe('readCsvColumns', () => {
  it('accepts .csv files only', async () => {
    const text = 'email\na@x.io\n';
    expect(await readCsvColumns(new File([text], 'People.CSV'))).toEqual({ ok: true, columns: ['email'] });
    expect(await readCsvColumns(new File([text], 'people.xlsx'))).toEqual({
      ok: false,
      error: NOT_CSV_MESSAGE,
    });
  });
});
