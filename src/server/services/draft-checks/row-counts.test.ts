import { describe, expect, it } from 'vitest';
import { sourceValues } from './amounts';
import { rowCountFindings } from './row-counts';

/** The counts of a body that the row gives otherwise (`sources`: what else the AI was given). */
const flagged = (body: string, row: Record<string, string>, sources = '') =>
  rowCountFindings('', body, row, sourceValues(`${Object.values(row).join('\n')}\n${sources}`)).map(
    (f) => f.span?.text,
  );

describe('rowCountFindings: a count of the recipient’s things that their row gives otherwise', () => {
  it('flags another number for what a column counts, in digits or words, in the four languages', () => {
    expect(flagged('With 12 offices across Kent, you have more to protect.', { offices: '2' })).toEqual([
      '12 offices',
    ]);
    expect(flagged('Für Ihre 40 Mitarbeitenden rechnet sich das.', { mitarbeitende: '14' })).toEqual([
      '40 Mitarbeitenden',
    ]);
    expect(flagged('Avec vos neuf avocats, le temps compte.', { nb_avocats: '7' })).toEqual(['neuf avocats']);
    expect(flagged('Con sus cinco tiendas en Murcia…', { tiendas: '3' })).toEqual(['cinco tiendas']);
    expect(flagged('Your team of 250 lawyers', { lawyers: '60' })).toEqual(['250 lawyers']);
  });

  it('reads a count inside a value too: "2 offices in Maidstone"', () => {
    expect(flagged('Both of your 3 offices need cover.', { notes: '2 offices in Maidstone' })).toEqual([
      '3 offices',
    ]);
  });

  it('leaves alone the row’s own count however written, and bounds and round figures it allows', () => {
    expect(flagged('Your seven vets and 7 vets alike.', { vets: '7' })).toEqual([]);
    expect(flagged('With more than 40 employees, payroll is work.', { employees: '48' })).toEqual([]);
    expect(flagged('With around 50 employees, payroll is work.', { employees: '48' })).toEqual([]);
    expect(flagged('Mit über 10 Mitarbeitern…', { mitarbeiter: '14' })).toEqual([]);
    expect(flagged('Moins de 20 salariés…', { salaries: '14' })).toEqual([]);
  });

  it('is not misled by rates, years, thousands or the sender’s own counts', () => {
    expect(flagged('We can start in six months.', { loads_per_month: '120', monthly_loads: '40' })).toEqual(
      [],
    );
    expect(flagged('Thank you for your $5,000 gift.', { gift_year: '2023', gift: '500' })).toEqual([]);
    expect(flagged('Our 9 sites cover NRW.', { sites: '2' }, '9 Standorte in NRW')).toEqual([]);
  });
});
