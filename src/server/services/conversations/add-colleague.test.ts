import { describe, expect, it } from 'vitest';
import { colleagueRow, looksPersonal } from './add-colleague';

describe("the colleague's row", () => {
  it("takes the person's own columns for personal, the company's for the company's", () => {
    const personal = ['first_name', 'Last Name', 'FullName', 'name', 'job_title', 'Title', 'Role'];
    const contact = ['Mobile Phone', 'LinkedIn URL', 'Work Email', 'twitter', 'Salutation'];
    for (const name of [...personal, ...contact]) expect(looksPersonal(name), name).toBe(true);
    const company = ['company', 'Company Name', 'company_phone', 'Org LinkedIn', 'website', 'industry'];
    for (const name of [...company, 'City', 'timezone', 'Country', 'Employees'])
      expect(looksPersonal(name), name).toBe(false);
  });

  it('sets the address column, blanks what is personal or holds the old address, keeps the rest', () => {
    const row = colleagueRow(
      { Mail: 'bob@acme.example', Vorname: 'Bob', Firma: 'Acme', Stadt: 'Köln', Backup: 'BOB@acme.example' },
      { email: 'Mail', first_name: 'Vorname', company: 'Firma' },
      'bob@acme.example',
      'maria@acme.example',
    );
    expect(row).toEqual({
      Mail: 'maria@acme.example',
      Vorname: '',
      Firma: 'Acme',
      Stadt: 'Köln',
      Backup: '',
    });
  });
});
