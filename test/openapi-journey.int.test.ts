import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SmtpSink, startSmtpSink } from './fakes/smtp-sink';
import { makeApiToken } from './support/api-tokens';
import { baseUrl } from './support/http';
import { waitUntil } from './support/http-client';
import { openApiClient } from './support/openapi-client';
import { startTestApp, type TestApp, testDatabases } from './support/test-app';

type Email = {
  id: number;
  status: string;
  subject: string;
  isApproved: boolean;
  recipient: { email: string };
};

/**
 * The main journey (template → campaign → CSV upload → generate → approve → send → results)
 * through nothing but a client built from the served OpenAPI document, which checks every answer
 * against it: a call the document lacks, or an answer it does not describe, fails the journey.
 */
describe.each(testDatabases())('the API journey through the OpenAPI document (%s)', (kind) => {
  let sink: SmtpSink;
  let t: TestApp;
  let api: Awaited<ReturnType<typeof openApiClient>>;
  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestApp(
      kind,
      { SEND_PACING: 'false', JOB_MAINTENANCE_SECONDS: '1', SMTP_URL: sink.url },
      { listen: true },
    );
    const cookie = await t.signIn('journey@example.com');
    api = await openApiClient(baseUrl(t), { cookie });
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  /** The journey as one client makes it; `tag` keeps the two runs' recipients apart at the sink. */
  async function journey(client: Awaited<ReturnType<typeof openApiClient>>, tag: string) {
    const api = client;
    const me = await api.ok('auth.user');
    expect(me.email).toBe('journey@example.com');

    const template = await api.ok('templates.create', {
      body: {
        name: 'Intro',
        type: 'template',
        subjectTemplate: 'Hello {{ first_name }}',
        bodyTemplate: '<p>Hi {{ first_name }}, a note from us.</p>',
        variables: ['email', 'first_name'],
      },
    });
    const campaign = await api.ok('campaigns.create', {
      body: {
        name: 'Spring',
        templateId: template.id,
        columnMapping: { email: 'email', first_name: 'first_name' },
      },
    });
    expect(campaign).toMatchObject({ status: 'draft', templateId: template.id });

    const form = new FormData();
    const csv = `email,first_name\nada-${tag}@example.com,Ada\ngrace-${tag}@example.com,Grace\nnot-an-address,X\n`;
    form.append('csvFile', new Blob([csv], { type: 'text/csv' }), 'people.csv');
    const imported = await api.ok('campaigns.uploadCsv', { params: { id: campaign.id }, body: form });
    expect(imported).toMatchObject({ imported: 2, skipped: 1 });

    // Generation answers an event stream, as the document says; its last event is the summary.
    const generated = await api.call('campaigns.generateEmails', { params: { id: campaign.id } });
    expect(generated.status).toBe(200);
    expect(generated.text).toMatch(/event: complete\ndata: \{"processed":2,"total":2,"failed":0\}/);

    const drafts = await api.ok<{ items: Email[] }>('campaigns.emails', {
      params: { id: campaign.id },
      query: { order: 'attention' },
    });
    expect(drafts.items.map((e) => e.subject).sort()).toEqual(['Hello Ada', 'Hello Grace']);
    const ada = drafts.items.find((e) => e.recipient.email === `ada-${tag}@example.com`)!;
    const edited = await api.ok<Email>('emails.update', {
      params: { id: ada.id },
      body: { subject: 'Hello Ada, about spring', body: '<p>Hi Ada.</p>', isEdited: true },
    });
    expect(edited.subject).toBe('Hello Ada, about spring');
    const preview = await api.ok('emails.preview', { params: { id: ada.id } });
    expect(preview.subject).toBe('Hello Ada, about spring');

    const approved = await api.ok('campaigns.approveAll', { params: { id: campaign.id }, body: {} });
    expect(approved.approved).toBe(2);
    await api.ok('campaigns.sendApproved', { params: { id: campaign.id }, body: {} });

    const sent = await waitUntil(
      async () => {
        const page = await api.ok<{ items: Email[] }>('campaigns.emails', { params: { id: campaign.id } });
        return page.items.every((e) => e.status === 'sent') && page.items;
      },
      30_000,
      'both emails sent',
    );
    expect(
      sink
        .messages()
        .flatMap((m) => m.envelope.to)
        .filter((to) => to.endsWith(`-${tag}@example.com`))
        .sort(),
    ).toEqual([`ada-${tag}@example.com`, `grace-${tag}@example.com`]);

    // The results, each read through the document.
    expect((await api.ok('campaigns.get', { params: { id: campaign.id } })).status).toBe('completed');
    const list = await api.ok<{ id: number }[]>('campaigns.list');
    expect(list.map((c) => c.id)).toContain(campaign.id);
    expect(await api.ok('campaigns.openStats', { params: { id: campaign.id } })).toBeTruthy();
    expect((await api.ok('campaigns.recipients', { params: { id: campaign.id } })).total).toBe(2);
    const events = await api.ok('emails.events', { params: { id: sent[0]!.id } });
    expect(JSON.stringify(events)).toContain('sent');
    expect((await api.ok('campaigns.replies', { params: { id: campaign.id } })).total).toBe(0);
    expect(await api.ok('analytics.overview')).toBeTruthy();
    const raw = await api.call('emails.raw', { params: { id: ada.id } });
    expect(raw.contentType).toMatch(/^message\/rfc822/);
    expect(raw.text).toContain('Subject: Hello Ada, about spring');
  }

  it('makes, reviews and sends a campaign, then reads its results, with a session', async () => {
    const workspaceId = (await api.ok<{ id: number }[]>('workspaces.list'))[0]!.id;
    api = await openApiClient(baseUrl(t), { cookie: api.cookie, workspaceId });
    await journey(api, 'session');
  });

  it('does the same with an API token, which also registers a webhook endpoint', async () => {
    const { secret } = await makeApiToken(t, api.cookie, ['read', 'write', 'send']);
    const client = await openApiClient(baseUrl(t), { token: secret });
    await journey(client, 'token');
    const endpoint = await client.ok('webhooks.create', {
      body: { url: 'https://crm.example.com/tailor', eventTypes: ['email.replied', 'email.bounced'] },
    });
    expect(endpoint.secret).toMatch(/^whsec_/);
    expect((await client.ok<{ url: string }[]>('webhooks.list')).map((e) => e.url)).toEqual([
      'https://crm.example.com/tailor',
    ]);
  });

  it('fails on an answer the document does not describe', async () => {
    expect(() => api.checkResponse('campaigns.get', 200, 'application/json', { id: 'one' })).toThrow(
      'does not fit the document',
    );
    expect(() => api.checkResponse('campaigns.get', 418, 'application/json', {})).toThrow('does not list');
    expect(() => api.checkResponse('emails.raw', 200, 'application/json', {})).toThrow('the document says');
    await expect(api.call('campaigns.nothing')).rejects.toThrow('no operation campaigns.nothing');
    await expect(api.call('campaigns.get', { params: { id: 1 }, query: { unknown: 1 } })).rejects.toThrow(
      'no query parameter unknown',
    );
    // Errors are answers the document describes too: a workspace the person is not in is a 404.
    const stranger = await openApiClient(baseUrl(t), { cookie: api.cookie, workspaceId: 2_000_000 });
    const refused = await stranger.call('campaigns.list');
    expect(refused).toMatchObject({ status: 404, body: { error: 'not_found' } });
    // A body the document refuses is refused before it is sent.
    await expect(api.call('templates.create', { body: { name: 7 } })).rejects.toThrow(
      'does not fit the document',
    );
  });
});
