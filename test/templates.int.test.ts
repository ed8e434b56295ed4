import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaigns } from '../src/server/db/schema';
import { createCampaign, createRecipientWithEmail } from './support/factories';
import { startTestApp, type TestApp, testDatabases } from './support/test-app';

const fixedTemplate = {
  name: 'Intro',
  type: 'template',
  subjectTemplate: 'Hello {{ first_name | default: "there" }}',
  bodyTemplate: '<p>Hi {{ first_name }}, I saw {{ company }} is growing.</p>',
  aiInstructions: '',
  variables: ['email', 'First Name', 'company', 'company'],
};

describe.each(testDatabases())('templates (%s)', (kind) => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    cookie = await t.signIn();
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, as = cookie) =>
    t.app.inject({ method, url, headers: { cookie: as }, ...(payload && { payload }) });

  it('creates, lists, edits, archives, restores and deletes a template', async () => {
    const created = await call('POST', '/api/templates', fixedTemplate);
    expect(created.statusCode).toBe(200);
    const tpl = created.json();
    expect(tpl).toMatchObject({
      name: 'Intro',
      type: 'template',
      variables: ['email', 'first_name', 'company'],
      aiInstructions: null,
    });

    expect((await call('GET', '/api/templates')).json().map((x: { id: number }) => x.id)).toContain(tpl.id);
    const edited = await call('PUT', `/api/templates/${tpl.id}`, {
      ...fixedTemplate,
      id: tpl.id,
      name: 'Intro v2',
    });
    expect(edited.json().name).toBe('Intro v2');

    expect((await call('POST', `/api/templates/${tpl.id}/archive`)).json().archivedAt).not.toBeNull();
    expect((await call('GET', '/api/templates')).json().map((x: { id: number }) => x.id)).not.toContain(
      tpl.id,
    );
    expect((await call('GET', '/api/templates/archived')).json().map((x: { id: number }) => x.id)).toContain(
      tpl.id,
    );
    expect((await call('POST', `/api/templates/${tpl.id}/restore`)).json().archivedAt).toBeNull();

    expect((await call('DELETE', `/api/templates/${tpl.id}`)).statusCode).toBe(200);
    expect((await call('PUT', `/api/templates/${tpl.id}`, fixedTemplate)).statusCode).toBe(404);
  });

  it('saves a prompt template with an empty subject and body', async () => {
    const res = await call('POST', '/api/templates', {
      name: 'AI intro',
      type: 'prompt',
      subjectTemplate: 'ignored',
      bodyTemplate: '<p>ignored</p>',
      aiInstructions: 'Write a friendly intro.',
    });
    expect(res.json()).toMatchObject({
      type: 'prompt',
      subjectTemplate: '',
      bodyTemplate: '',
      aiInstructions: 'Write a friendly intro.',
      variables: ['email', 'first_name', 'last_name', 'company', 'job_title', 'info'],
    });
  });

  it('answers docs/product.md §2 messages for missing fields, and refuses broken Liquid', async () => {
    const cases: [object, string | RegExp][] = [
      [{ ...fixedTemplate, name: '   ' }, 'Please enter a template name'],
      [{ ...fixedTemplate, subjectTemplate: '' }, 'Please enter a subject line template'],
      [{ ...fixedTemplate, bodyTemplate: '<p></p>' }, 'Please enter a body template'],
      [{ ...fixedTemplate, bodyTemplate: '<script>x</script>' }, 'Please enter a body template'],
      [{ name: 'P', type: 'prompt', aiInstructions: ' ' }, 'Please enter AI instructions'],
      [{ ...fixedTemplate, subjectTemplate: 'Hi {{ first_name' }, /^The subject template cannot be read/],
    ];
    for (const [body, message] of cases) {
      const res = await call('POST', '/api/templates', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(message);
    }
  });

  it('stores the body sanitised: an injected script never reaches the database', async () => {
    const res = await call('POST', '/api/templates', {
      ...fixedTemplate,
      bodyTemplate:
        '<p onmouseover="steal()">Hi {{ first_name }}<script>alert(1)</script><img src=x onerror=alert(1)></p>',
    });
    expect(res.json().bodyTemplate).toBe('<p>Hi {{ first_name }}<img src="x" /></p>');
  });

  it('previews with sample data, rendering hostile CSV values as text and flagging empty ones', async () => {
    const res = await call('POST', '/api/templates/preview', {
      subjectTemplate: fixedTemplate.subjectTemplate,
      bodyTemplate: fixedTemplate.bodyTemplate,
      recipientData: { 'First Name': '<img src=x onerror=alert(1)>', company: '' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      subject: 'Hello <img src=x onerror=alert(1)>',
      body: '<p>Hi &lt;img src=x onerror=alert(1)&gt;, I saw  is growing.</p>',
      missingVariables: ['company'],
    });
  });

  it('renders a fixed template preview through generate-email without any AI provider', async () => {
    const res = await call('POST', '/api/templates/generate-email', {
      template: { subjectTemplate: 'Hi {{ first_name }}', bodyTemplate: '<p>{{ company }}</p>' },
      type: 'template',
      recipientData: { first_name: 'Ada', company: 'Engines' },
      variables: ['email', 'first_name', 'company'],
    });
    expect(res.json()).toEqual({ subject: 'Hi Ada', body: '<p>Engines</p>', missingVariables: [] });
  });

  it('says which settings to set when an AI feature is used with no provider', async () => {
    for (const [url, body] of [
      ['/api/templates/generate', { prompt: 'A follow-up email', variables: [] }],
      ['/api/templates/generate-prompt', { description: 'Cold intro for SaaS', variables: [] }],
      ['/api/generate-image', { prompt: 'A sunrise' }],
      [
        '/api/templates/generate-email',
        {
          template: { aiInstructions: 'Write' },
          type: 'prompt',
          recipientData: { email: 'a@b.c' },
          variables: [],
        },
      ],
    ] as const) {
      const res = await call('POST', url, body);
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toMatch(/^No AI provider configured\. Set AI_PROVIDER/);
    }
  });

  it('lists the campaigns waiting on a template, and deleting it leaves them intact with no template', async () => {
    const tpl = (await call('POST', '/api/templates', fixedTemplate)).json();
    const me = (await call('GET', '/api/auth/user')).json();
    const waiting = await createCampaign(t.ctx.db, me.id, { name: 'Waiting', templateId: tpl.id });
    const generated = await createCampaign(t.ctx.db, me.id, {
      name: 'Generated',
      templateId: tpl.id,
      status: 'ready',
    });
    await createRecipientWithEmail(t.ctx.db, generated, { email: 'x@y.test' });

    const active = await call('GET', `/api/templates/${tpl.id}/active-campaigns`);
    expect(active.json()).toEqual([{ id: waiting.id, name: 'Waiting', status: 'draft' }]);

    expect((await call('DELETE', `/api/templates/${tpl.id}`)).statusCode).toBe(200);
    const rows = await t.ctx.db.select().from(campaigns).where(eq(campaigns.userId, me.id));
    const byName = Object.fromEntries(rows.map((c) => [c.name, c]));
    expect(byName.Waiting).toMatchObject({ templateId: null, status: 'draft' });
    expect(byName.Generated).toMatchObject({ templateId: null, status: 'ready' });
  });

  it("answers 404 for another user's template on every route, and changes nothing", async () => {
    const mine = (await call('POST', '/api/templates', fixedTemplate)).json();
    const other = await t.signIn();
    const attempts: ['GET' | 'POST' | 'PUT' | 'DELETE', string, object?][] = [
      ['PUT', `/api/templates/${mine.id}`, { ...fixedTemplate, name: 'Stolen' }],
      ['DELETE', `/api/templates/${mine.id}`],
      ['POST', `/api/templates/${mine.id}/archive`],
      ['POST', `/api/templates/${mine.id}/restore`],
      ['GET', `/api/templates/${mine.id}/active-campaigns`],
    ];
    for (const [method, url, body] of attempts) {
      const res = await call(method, url, body, other);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.body).not.toContain('Intro');
    }
    expect((await call('GET', '/api/templates', undefined, other)).json()).toEqual([]);
    const still = (await call('GET', '/api/templates')).json().find((x: { id: number }) => x.id === mine.id);
    expect(still).toMatchObject({ name: 'Intro', archivedAt: null });
  });

  it('answers 400 for ids that are not ids', async () => {
    for (const id of ['abc', '-1', '0', '99999999999']) {
      expect((await call('POST', `/api/templates/${id}/archive`)).statusCode).toBe(400);
    }
  });
});
