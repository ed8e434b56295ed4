import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Email } from '../src/contract/campaigns';
import { type FakeAi, lastUserMessage, startFakeAi } from './fakes/ai-server';
import { uploadCsv } from './support/http';
import { waitUntil } from './support/http-client';
import { startTestApp, type TestApp } from './support/test-app';

/** What the fake AI writes for each recipient: most drafts grounded and personal, four with a planted problem. */
function draftFor(prompt: string) {
  const i = Number(/r(\d+)@example\.com/.exec(prompt)?.[1] ?? -1);
  const company = `Company${i}`;
  switch (i) {
    case 0:
      return {
        subject: `Congrats, ${company}`,
        body: `<p>Hi Name0,</p><p>Congrats on the $12M Series B led by Sequoia.</p>`,
      };
    case 1:
      return {
        subject: 'QUICK QUESTION FOR YOU',
        body: `<p>Hi Name1, how is ${company} doing with route planning?</p>`,
      };
    case 2:
      return { subject: `About ${company}`, body: '<p>Hi [First Name], I loved your last post.</p>' };
    case 3:
      return { subject: 'A thought', body: '<p>Hello there, would a short call next week suit you?</p>' };
    default:
      return {
        subject: `A question about ${company}`,
        body: `<p>Hi Name${i},</p><p>How does ${company} plan its ${['routes', 'rotas', 'stock', 'shifts'][i % 4]} today?</p>`,
      };
  }
}

describe('draft checks after generation and on edit', () => {
  let ai: FakeAi;
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    ai = await startFakeAi();
    ai.setReply((request) => draftFor(lastUserMessage(request.body)));
    t = await startTestApp('pglite', { ...ai.env }, { listen: true });
    cookie = await t.signIn('checks@example.com');
  });
  afterAll(async () => {
    await t?.close();
    await ai?.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload && { payload }) });

  it('checks each draft once the campaign is written, and an edited draft again as saved', async () => {
    const template = (
      await call('POST', '/api/templates', {
        name: 'AI',
        type: 'prompt',
        aiInstructions: 'Write a short note about planning.',
        variables: ['email', 'first_name', 'company'],
      })
    ).json();
    const campaign = (
      await call('POST', '/api/campaigns', {
        name: 'Checked',
        templateId: template.id,
        columnMapping: { email: 'email', first_name: 'first_name', company: 'company' },
      })
    ).json();
    const rows = Array.from({ length: 8 }, (_, i) => `r${i}@example.com,Name${i},Company${i}`);
    await uploadCsv(t, cookie, campaign.id, `email,first_name,company\n${rows.join('\n')}\n`);
    await call('POST', `/api/campaigns/${campaign.id}/generate-emails`);
    // Ready to read as soon as written; the checks follow in a job of their own.
    const emails = await waitUntil(
      async () => {
        if ((await call('GET', `/api/campaigns/${campaign.id}`)).json().status !== 'ready') return false;
        const page = await call('GET', `/api/campaigns/${campaign.id}/emails?limit=100`);
        const items = page.json().items as Email[];
        return items.every((e) => e.findings !== null) && items;
      },
      30_000,
      'generated and checked',
    );
    const byRecipient = new Map(emails.map((e) => [e.recipient.email, e]));
    const kinds = (i: number) =>
      byRecipient.get(`r${i}@example.com`)!.findings!.map((f) => `${f.kind}/${f.severity}`);
    expect(kinds(0)).toEqual(['ungrounded/medium', 'ungrounded/medium', 'ungrounded/medium']);
    expect(byRecipient.get('r0@example.com')!.findings!.map((f) => f.span?.text)).toEqual([
      '$12M',
      'Series B',
      'Sequoia',
    ]);
    expect(kinds(1)).toEqual(['deliverability/medium']);
    expect(kinds(2)).toEqual(['deliverability/high']);
    expect(kinds(3)).toEqual(['personalisation/medium']);
    for (let i = 4; i < 8; i++) expect(kinds(i)).toEqual([]);

    // The person rewrites the invented claim away: the draft is checked again as saved.
    const fixed = await call('PUT', `/api/emails/${byRecipient.get('r0@example.com')!.id}`, {
      subject: 'Congrats, Company0',
      body: '<p>Hi Name0, how does Company0 plan its routes?</p>',
    });
    expect(fixed.json().findings).toEqual([]);
    const worse = await call('PUT', `/api/emails/${byRecipient.get('r4@example.com')!.id}`, {
      subject: 'Hi {{ first_name }}',
      body: '<p>Act now, Name4, before Friday.</p>',
    });
    expect(worse.json().findings.map((f: { span: { text: string } | null }) => f.span?.text)).toEqual([
      '{{ first_name }}',
      'Act now',
    ]);
  });
});
