import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadCsv } from './support/http';
import { startTestApp, type TestApp, testDatabases } from './support/test-app';

/**
 * A corpus of awkward and hostile CSV files. Each one either imports as stated or is refused
 * with a clear message, and a refused file leaves the campaign's previous recipients untouched.
 */
describe.each(testDatabases())('CSV import corpus (%s)', (kind) => {
  let t: TestApp;
  let cookie: string;
  let campaignId: number;
  const PREVIOUS = 'Email,Name\nkeep1@example.com,Keep\nkeep2@example.com,Keep\n';

  beforeAll(async () => {
    t = await startTestApp(kind, {}, { listen: true });
    cookie = await t.signIn();
    const tpl = await t.app.inject({
      method: 'POST',
      url: '/api/templates',
      headers: { cookie },
      payload: {
        name: 'T',
        type: 'template',
        subjectTemplate: 'Hi',
        bodyTemplate: '<p>Hi</p>',
        variables: ['email'],
      },
    });
    const campaign = await t.app.inject({
      method: 'POST',
      url: '/api/campaigns',
      headers: { cookie },
      payload: { name: 'Corpus', templateId: tpl.json().id, columnMapping: { email: 'Email' } },
    });
    campaignId = campaign.json().id;
  });
  afterAll(() => t.close());

  const upload = (content: string | Uint8Array, mapping?: Record<string, string>) =>
    uploadCsv(t, cookie, campaignId, content, mapping);
  const recipientEmails = async () => {
    const res = await t.app.inject({
      url: `/api/campaigns/${campaignId}/recipients?limit=500`,
      headers: { cookie },
    });
    return {
      total: res.json().total as number,
      emails: res.json().items.map((r: { email: string }) => r.email) as string[],
    };
  };
  /** Imports the two "previous" recipients, runs a refused upload, and checks they are still there. */
  async function expectRefused(
    content: string | Uint8Array,
    status: number,
    message: string | RegExp,
    mapping?: Record<string, string>,
  ) {
    expect((await upload(PREVIOUS, { email: 'Email' })).body.imported).toBe(2);
    const res = await upload(content, mapping);
    expect(res.status).toBe(status);
    expect(res.body.message).toMatch(message);
    expect(await recipientEmails()).toEqual({ total: 2, emails: ['keep1@example.com', 'keep2@example.com'] });
    const campaign = await t.app.inject({ url: `/api/campaigns/${campaignId}`, headers: { cookie } });
    expect(campaign.json().recipientCount).toBe(2);
  }

  it('an empty file', async () => {
    await expectRefused('', 422, 'CSV file appears to be empty');
    await expectRefused('\uFEFF \r\n\r\n', 422, 'CSV file appears to be empty');
  });

  it('a header with no rows', async () => {
    await expectRefused('Email,Name\r\n', 422, 'The CSV file has a header but no data rows');
  });

  it('binary bytes', async () => {
    const bytes = new Uint8Array(4096).map((_, i) => (i * 37) % 256);
    await expectRefused(bytes, 422, 'This file does not look like a CSV: it contains binary data');
  });

  it('no email column', async () => {
    await expectRefused(
      'Name,Company\nAda,Engines\n',
      422,
      'The column "Email" mapped to email is not in this file',
    );
  });

  it('no email mapping at all', async () => {
    await expectRefused('Email\na@b.test\n', 422, 'Please map the email column for CSV upload', {});
  });

  it('only invalid emails', async () => {
    await expectRefused('Email\nnope\n@x.test\na@b\n', 422, 'No row of this file has a valid email address');
  });

  it('semicolons, a BOM and quoted newlines', async () => {
    const csv =
      '\uFEFFEmail;Name;Notes\r\n"ada@example.com";Ada;"line one\r\nline two; still notes"\r\nbob@example.com;Bob;plain\r\n';
    const res = await upload(csv, { email: 'Email' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ imported: 2, skipped: 0, columns: ['Email', 'Name', 'Notes'] });
    const list = await t.app.inject({ url: `/api/campaigns/${campaignId}/recipients`, headers: { cookie } });
    expect(list.json().items[0].data).toEqual({
      Email: 'ada@example.com',
      Name: 'Ada',
      Notes: 'line one\r\nline two; still notes',
    });
  });

  it('tabs as delimiters', async () => {
    const res = await upload('Email\tName\na@x.test\tA\nb@x.test\tB\n', { email: 'Email' });
    expect(res.body).toMatchObject({ imported: 2, columns: ['Email', 'Name'] });
  });

  it('5,000 duplicates (case-insensitive) among unique rows', async () => {
    const rows = ['Email,Name'];
    for (let i = 0; i < 1000; i++) rows.push(`person${i}@example.com,P${i}`);
    for (let i = 0; i < 5000; i++) rows.push(`PERSON${i % 1000}@Example.com,Dup${i}`);
    const res = await upload(rows.join('\n'), { email: 'Email' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ imported: 1000, skipped: 5000 });
    expect(res.body.skippedRows).toHaveLength(100);
    expect(res.body.skippedRows[0]).toEqual({
      row: 1002,
      email: 'PERSON0@Example.com',
      reason: 'Duplicate email',
    });
    expect((await recipientEmails()).total).toBe(1000);
  });

  it('reports the first 100 skipped rows by row number, repeats (found last) among them', async () => {
    const rows = ['Email', 'a@example.com', 'A@example.com'];
    for (let i = 0; i < 150; i++) rows.push(`invalid-${i}`);
    rows.push('b@example.com', 'B@example.com');
    const res = await upload(rows.join('\n'), { email: 'Email' });
    expect(res.body).toMatchObject({ imported: 2, skipped: 152 });
    const numbers = res.body.skippedRows.map((r: { row: number }) => r.row);
    expect(numbers).toEqual(Array.from({ length: 100 }, (_, i) => i + 3));
    expect(res.body.skippedRows[0]).toEqual({ row: 3, email: 'A@example.com', reason: 'Duplicate email' });
  });

  it('invalid emails are skipped with their row numbers, valid ones imported', async () => {
    const csv = 'Email\ngood@example.com\nbad@\n has space@x.test\n\n"x@y.test"\nno-at-sign\n';
    const res = await upload(csv, { email: 'Email' });
    expect(res.body.imported).toBe(2);
    expect(res.body.skippedRows).toEqual([
      { row: 3, email: 'bad@', reason: 'Invalid email address' },
      { row: 4, email: 'has space@x.test', reason: 'Invalid email address' },
      { row: 6, email: 'no-at-sign', reason: 'Invalid email address' },
    ]);
  });

  it('a 60 MB file is refused with 413', async () => {
    const line = `${'x'.repeat(90)}@example.com\n`;
    const content = `Email\n${line.repeat(Math.ceil((60 * 1024 * 1024) / line.length))}`;
    await expectRefused(content, 413, 'The file is larger than 50 MB, the most one import accepts');
  });

  it('250,000 rows are refused (the limit is 200,000) and nothing is half-imported', async () => {
    const rows = ['Email'];
    for (let i = 0; i < 250_000; i++) rows.push(`row${i}@example.com`);
    await expectRefused(
      rows.join('\n'),
      413,
      'The file has more than 200,000 rows, the most one campaign can import',
    );
  }, 120_000);
});
