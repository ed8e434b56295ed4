import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Email } from '../src/contract/campaigns';
import { type FakeAi, lastUserMessage, startFakeAi } from './fakes/ai-server';
import { uploadCsv } from './support/http';
import { waitUntil } from './support/http-client';
import { startTestApp, type TestApp } from './support/test-app';

/**
 * Issue #28: one variable without a value (an unmapped `info`, or a row whose Notes are empty)
 * marked every AI email high. Now each row is judged on its own value, an AI draft's gap is a low
 * note, a fixed template's stays high, and an edit takes the "Check this email" reason away.
 */
describe('a variable without a value, per row and per kind of template', () => {
  let ai: FakeAi;
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    ai = await startFakeAi();
    ai.setReply((request) => {
      const i = Number(/r(\d+)@example\.com/.exec(lastUserMessage(request.body))?.[1] ?? 0);
      // Different enough from each other not to count as near-duplicates.
      const topic = [
        'its delivery routes next spring',
        'the rotas of its weekend staff',
        'stock for the holidays',
      ][i];
      return {
        subject: `A question for Name${i}`,
        body: `<p>Hi Name${i},</p><p>How does Company${i} plan ${topic}?</p>`,
      };
    });
    t = await startTestApp('pglite', { ...ai.env }, { listen: true });
    cookie = await t.signIn('missing@example.com');
  });
  afterAll(async () => {
    await t?.close();
    await ai?.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload && { payload }) });

  /** Three recipients, the second without Notes, generated and checked with `info` mapped to Notes. */
  async function generated(template: object) {
    const { id: templateId } = (await call('POST', '/api/templates', template)).json();
    const campaign = (
      await call('POST', '/api/campaigns', {
        name: 'Expo',
        checkClaimsWithAi: false,
        templateId,
        columnMapping: { email: 'E-mail', first_name: 'First', company: 'Organisation', info: 'Notes' },
      })
    ).json();
    await uploadCsv(
      t,
      cookie,
      campaign.id,
      'E-mail,First,Organisation,Notes\nr0@example.com,Name0,Company0,Met at the expo\nr1@example.com,Name1,Company1,\nr2@example.com,Name2,Company2,Asked about routes\n',
    );
    await call('POST', `/api/campaigns/${campaign.id}/generate-emails`);
    const emails = await waitUntil(
      async () => {
        if ((await call('GET', `/api/campaigns/${campaign.id}`)).json().status !== 'ready') return false;
        const items = (await call('GET', `/api/campaigns/${campaign.id}/emails?limit=100`)).json()
          .items as Email[];
        return items.every((e) => e.findings !== null) && items;
      },
      30_000,
      'generated and checked',
    );
    return new Map(emails.map((e) => [e.recipient.email, e]));
  }

  const findingsOf = (e: Email | undefined) =>
    e!.findings!.map((f) => `${f.kind}/${f.severity}: ${f.reason}`);

  it('an AI prompt: only the row without Notes gets a note, and it is low', async () => {
    const emails = await generated({
      name: 'Prompt',
      type: 'prompt',
      aiInstructions: 'Write to {{ first_name }} at {{ company }}, mentioning {{ info }}.',
      variables: ['email', 'first_name', 'company', 'info'],
    });
    expect(findingsOf(emails.get('r0@example.com'))).toEqual([]);
    expect(findingsOf(emails.get('r2@example.com'))).toEqual([]);
    expect(findingsOf(emails.get('r1@example.com'))).toEqual([
      'deliverability/low: The recipient has no value for "info": the AI wrote this email without it',
    ]);
    expect(emails.get('r1@example.com')!.attentionReason).toBe('No value for: info');
    // Nothing high: "Approve all without high findings" would take every email.
    expect(emails.get('r1@example.com')!.needsAttention).toBe(true);

    // The person rewrites it: its findings and the "Check this email" reason go together.
    const edited = await call('PUT', `/api/emails/${emails.get('r1@example.com')!.id}`, {
      subject: 'A question for Name1',
      body: '<p>Hi Name1,</p><p>How does Company1 plan its routes today?</p>',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().findings).toEqual([]);
    expect(edited.json().attentionReason).toBeNull();
    expect(edited.json().needsAttention).toBe(false);
  });

  it('a fixed template: the row without Notes keeps its high finding, the others have none', async () => {
    const emails = await generated({
      name: 'Fixed',
      type: 'template',
      subjectTemplate: 'A question for {{ first_name }}',
      bodyTemplate: '<p>Hi {{ first_name }},</p><p>How does {{ company }} plan its routes? {{ info }}</p>',
      variables: ['email', 'first_name', 'company', 'info'],
    });
    expect(findingsOf(emails.get('r0@example.com'))).toEqual([]);
    expect(findingsOf(emails.get('r1@example.com'))).toEqual([
      'deliverability/high: The recipient has no value for "info", so the text around it may read wrong',
    ]);
  });
});
