import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, readSse, uploadCsv } from './support/http';
import { startTestApp, type TestApp, testDatabases } from './support/test-app';

describe.each(testDatabases())('campaigns, import and generation (%s)', (kind) => {
  let t: TestApp;
  let cookie: string;
  let templateId: number;
  beforeAll(async () => {
    t = await startTestApp(kind, { GENERATION_CHUNK_SECONDS: '5' }, { listen: true });
    cookie = await t.signIn();
    const tpl = await t.app.inject({
      method: 'POST',
      url: '/api/templates',
      headers: { cookie },
      payload: {
        name: 'Intro',
        type: 'template',
        subjectTemplate: 'Hi {{ first_name | default: "there" }}',
        bodyTemplate: '<p>Hello {{ first_name }} from {{ company }}</p>',
        variables: ['email', 'first_name', 'company'],
      },
    });
    templateId = tpl.json().id;
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, as = cookie) =>
    t.app.inject({ method, url, headers: { cookie: as }, ...(payload && { payload }) });
  const newCampaign = async (extra: object = {}) =>
    (
      await call('POST', '/api/campaigns', {
        name: 'Spring',
        templateId,
        columnMapping: { email: 'Email', first_name: 'First Name', company: 'Company', phone: 'Phone' },
        ...extra,
      })
    ).json();

  it('creates a campaign, dropping mappings for variables the template lacks', async () => {
    const c = await newCampaign({ description: 'desc' });
    expect(c).toMatchObject({ status: 'draft', templateId, includeUnsubscribeLink: true, recipientCount: 0 });
    expect(c.columnMapping).toEqual({ email: 'Email', first_name: 'First Name', company: 'Company' });
    const blank = await call('POST', '/api/campaigns', { name: '  ', templateId });
    expect(blank.json().message).toBe('Please enter a campaign name');
  });

  it('imports a CSV, reporting skipped rows, and generates one email per recipient with live progress', async () => {
    const c = await newCampaign();
    const csv = [
      '\uFEFFEmail,First Name,Company',
      'ada@example.com,Ada,"Engines, Ltd"',
      'ADA@example.com,Ada again,Dup',
      'not-an-email,X,Y',
      ',No,Email',
      'grace@example.com,"Grace ""Amazing""",<b>Navy</b>',
      'alan@example.com,,Bletchley',
    ].join('\r\n');
    const up = await uploadCsv(t, cookie, c.id, csv);
    expect(up.status).toBe(200);
    expect(up.body).toMatchObject({ imported: 3, skipped: 3, columns: ['Email', 'First Name', 'Company'] });
    // In row order, though the repeat is found after the rest.
    expect(up.body.skippedRows).toEqual([
      { row: 3, email: 'ADA@example.com', reason: 'Duplicate email' },
      { row: 4, email: 'not-an-email', reason: 'Invalid email address' },
      { row: 5, email: '', reason: 'Missing email' },
    ]);
    const recipients = (await call('GET', `/api/campaigns/${c.id}/recipients?limit=2`)).json();
    expect(recipients.total).toBe(3);
    expect(recipients.items).toHaveLength(2);
    expect(recipients.items[0]).toMatchObject({
      email: 'ada@example.com',
      company: 'Engines, Ltd',
      rowNumber: 2,
    });
    expect(recipients.items[0].data).toEqual({
      Email: 'ada@example.com',
      'First Name': 'Ada',
      Company: 'Engines, Ltd',
    });

    const res = await fetch(`${baseUrl(t)}/api/campaigns/${c.id}/generate-emails`, {
      method: 'POST',
      headers: { cookie },
    });
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const events = await readSse(res);
    expect(events.at(-1)).toEqual({ event: 'complete', data: { processed: 3, total: 3, failed: 0 } });

    const emails = (await call('GET', `/api/campaigns/${c.id}/emails`)).json();
    expect(emails.total).toBe(3);
    const byEmail = Object.fromEntries(
      emails.items.map((e: { recipient: { email: string } }) => [e.recipient.email, e]),
    );
    expect(byEmail['ada@example.com']).toMatchObject({
      subject: 'Hi Ada',
      body: '<p>Hello Ada from Engines, Ltd</p>',
      status: 'draft',
    });
    expect(byEmail['grace@example.com'].body).toBe(
      '<p>Hello Grace &#34;Amazing&#34; from &lt;b&gt;Navy&lt;/b&gt;</p>',
    );
    expect(byEmail['alan@example.com']).toMatchObject({
      subject: 'Hi there',
      attentionReason: 'No value for: first_name',
    });
    expect((await call('GET', `/api/campaigns/${c.id}`)).json().status).toBe('ready');

    // Posting again once ready just reports completion.
    const again = await readSse(
      await fetch(`${baseUrl(t)}/api/campaigns/${c.id}/generate-emails`, {
        method: 'POST',
        headers: { cookie },
      }),
    );
    expect(again).toEqual([{ event: 'complete', data: { processed: 3, total: 3, failed: 0 } }]);
  });

  it('refuses to generate without recipients, or with a mapping that no longer fits', async () => {
    const c = await newCampaign();
    const none = await call('POST', `/api/campaigns/${c.id}/generate-emails`);
    expect(none.json().message).toBe('Upload CSV recipients first');
    const noTemplate = (
      await call('POST', '/api/campaigns', { name: 'No template', templateId: null })
    ).json();
    expect((await call('POST', `/api/campaigns/${noTemplate.id}/generate-emails`)).json().message).toBe(
      'Select a template first',
    );
  });

  it('re-uploading replaces the recipients; a failed upload leaves the previous ones untouched', async () => {
    const c = await newCampaign({ columnMapping: { email: 'Email' } });
    expect((await uploadCsv(t, cookie, c.id, 'Email\na@x.test\nb@x.test\n')).body.imported).toBe(2);
    expect((await uploadCsv(t, cookie, c.id, 'Email\nc@x.test\n')).body.imported).toBe(1);
    const bad = await uploadCsv(t, cookie, c.id, 'Name\nno email column here\n');
    expect(bad.status).toBe(422);
    expect(bad.body.message).toBe('The column "Email" mapped to email is not in this file');
    const list = (await call('GET', `/api/campaigns/${c.id}/recipients`)).json();
    expect(list.items.map((r: { email: string }) => r.email)).toEqual(['c@x.test']);
    expect((await call('GET', `/api/campaigns/${c.id}`)).json().recipientCount).toBe(1);
  });

  it('automaps columns by the rules', async () => {
    const res = await call('POST', '/api/automap-columns', {
      variables: ['email', 'first_name', 'company'],
      columns: ['E-mail', 'First', 'Organisation'],
    });
    expect(res.json()).toEqual({
      mapping: { email: 'E-mail', first_name: 'First', company: 'Organisation' },
    });
  });

  it("answers 404 for another user's campaign on every route", async () => {
    const c = await newCampaign();
    const other = await t.signIn();
    const routes: ['GET' | 'POST' | 'PUT' | 'DELETE', string, object?][] = [
      ['GET', `/api/campaigns/${c.id}`],
      ['PUT', `/api/campaigns/${c.id}`, { name: 'x', templateId: null }],
      ['DELETE', `/api/campaigns/${c.id}`],
      ['POST', `/api/campaigns/${c.id}/archive`],
      ['POST', `/api/campaigns/${c.id}/restore`],
      ['GET', `/api/campaigns/${c.id}/emails`],
      ['GET', `/api/campaigns/${c.id}/recipients`],
      ['GET', `/api/campaigns/${c.id}/daily-stats`],
      ['POST', `/api/campaigns/${c.id}/generate-emails`],
    ];
    for (const [method, url, body] of routes) {
      expect((await call(method, url, body, other)).statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await uploadCsv(t, other, c.id, 'Email\na@x.test\n')).status).toBe(404);
    // And a template of someone else cannot be attached.
    const mine = await call('POST', '/api/campaigns', { name: 'x', templateId }, other);
    expect(mine.statusCode).toBe(404);
  });
});
