import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Email } from '../src/contract/campaigns';
import { HIGH_FINDING_MESSAGE } from '../src/server/services/email-actions';
import { type FakeAi, isClaimCheck, lastUserMessage, startFakeAi } from './fakes/ai-server';
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

/**
 * What the fake AI's claim check answers for each draft (r0 states a funding round nothing gave it,
 * r5 says what its row says, r6 names a column the row does not have, r7 gets an unreadable reply).
 */
function claimsIn(prompt: string) {
  const i = Number(/Name(\d+)/.exec(prompt)?.[1] ?? -1);
  switch (i) {
    case 0:
      return { claims: [{ text: '$12M Series B led by Sequoia', supportedBy: null }] };
    case 5:
      return { claims: [{ text: 'Company5', supportedBy: 'company' }] };
    case 6:
      return { claims: [{ text: 'plan its stock', supportedBy: 'funding_news' }] };
    case 7:
      return { claims: 'none' };
    default:
      return { claims: [] };
  }
}

describe('draft checks after generation and on edit', () => {
  let ai: FakeAi;
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    ai = await startFakeAi();
    ai.setReply((request) => {
      const prompt = lastUserMessage(request.body);
      return isClaimCheck(request) ? claimsIn(prompt) : draftFor(prompt);
    });
    t = await startTestApp('pglite', { ...ai.env }, { listen: true });
    cookie = await t.signIn('checks@example.com');
  });
  afterAll(async () => {
    await t?.close();
    await ai?.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload && { payload }) });

  /** A campaign of eight AI drafts (draftFor), generated and checked. */
  async function checkedCampaign(name: string, checkClaimsWithAi = false) {
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
        name,
        checkClaimsWithAi,
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
    // The claim check stores its findings a batch at a time after the cheap ones: wait for all.
    if (checkClaimsWithAi)
      await waitUntil(
        async () => (await call('GET', `/api/campaigns/${campaign.id}`)).json().claimCheck.drafts === 8,
        30_000,
        'claims checked',
      );
    return { campaign, emails };
  }

  it('checks each draft once the campaign is written, and an edited draft again as saved', async () => {
    const { emails } = await checkedCampaign('Checked');
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

  it('lists what needs attention first, approves in bulk only what is clean, and counts dismissals', async () => {
    const { campaign } = await checkedCampaign('Queue');
    const list = async (query: string) => {
      const reply = await call('GET', `/api/campaigns/${campaign.id}/emails?${query}`);
      expect(reply.statusCode).toBe(200);
      return reply.json() as { items: Email[]; total: number; counts: Record<string, unknown> };
    };
    const recipientsOf = (page: { items: Email[] }) => page.items.map((e) => e.recipient.email.split('@')[0]);
    const queue = await list('order=attention&limit=100');
    // The placeholder (high) first, then the medium ones in recipient order, then the clean ones.
    expect(recipientsOf(queue)).toEqual(['r2', 'r0', 'r1', 'r3', 'r4', 'r5', 'r6', 'r7']);
    expect(queue.items.map((e) => e.needsAttention)).toEqual([
      true,
      true,
      true,
      true,
      false,
      false,
      false,
      false,
    ]);
    expect(queue.counts).toMatchObject({
      approved: 0,
      needsAttention: 4,
      byKind: { ungrounded: 1, duplicate: 0, personalisation: 1, deliverability: 2, length: 0 },
      withoutFindings: 4,
      unchecked: 0,
      approvedWithDismissed: 0,
    });
    const deliverability = await list('order=attention&finding=deliverability');
    expect([recipientsOf(deliverability), deliverability.total]).toEqual([['r2', 'r1'], 2]);
    expect((await call('GET', `/api/campaigns/${campaign.id}/emails?finding=spelling`)).statusCode).toBe(400);

    const approveAll = (payload: object) =>
      call('POST', `/api/campaigns/${campaign.id}/approve-all`, payload);
    expect((await approveAll({ withoutFindings: true })).json()).toEqual({
      approved: 4,
      held: 4,
      heldForOthers: 0,
    });
    // Approve All takes the medium ones a person can see at a glance, never the high one.
    expect((await approveAll({})).json()).toEqual({ approved: 3, held: 1, heldForOthers: 0 });
    const placeholder = queue.items[0]!;
    const approve = await call('PUT', `/api/emails/${placeholder.id}`, { isApproved: true });
    expect([approve.statusCode, approve.json().message]).toEqual([409, HIGH_FINDING_MESSAGE]);

    // Someone else's email is not found, whatever the change.
    const other = await t.signIn('someone-else@example.com');
    const foreign = await t.app.inject({
      method: 'PUT',
      url: `/api/emails/${placeholder.id}`,
      headers: { cookie: other },
      payload: { findingsDismissed: true },
    });
    expect(foreign.statusCode).toBe(404);

    const dismissed = await call('PUT', `/api/emails/${placeholder.id}`, { findingsDismissed: true });
    expect(dismissed.json()).toMatchObject({ findingsDismissed: true, needsAttention: false });
    expect((await call('PUT', `/api/emails/${placeholder.id}`, { isApproved: true })).statusCode).toBe(200);
    const after = await list('order=attention&limit=100');
    // The queue holds still while a person works through it; only the counts move.
    expect(recipientsOf(after)).toEqual(recipientsOf(queue));
    expect(after.counts).toMatchObject({ approved: 8, needsAttention: 0, approvedWithDismissed: 1 });
    expect((await list('finding=any')).total).toBe(0);

    // New text brings new findings: the dismissal was of the old ones.
    await call('PUT', `/api/emails/${placeholder.id}`, { isApproved: false });
    const edited = await call('PUT', `/api/emails/${placeholder.id}`, {
      subject: 'About Company2',
      body: '<p>Hi [First Name], how are things?</p>',
    });
    expect(edited.json()).toMatchObject({ findingsDismissed: false, needsAttention: true });
  });

  it('reads the claims of AI drafts with a second AI call, when the campaign has it on', async () => {
    const { campaign } = await checkedCampaign('Claims', true);
    const reply = await call('GET', `/api/campaigns/${campaign.id}/emails?order=attention&limit=100`);
    const byRecipient = new Map(
      (reply.json().items as Email[]).map((e) => [e.recipient.email.split('@')[0], e]),
    );
    const findingsOf = (r: string) =>
      byRecipient.get(r)!.findings!.map((f) => [f.kind, f.severity, f.span?.text ?? null, f.reason]);
    const invented = 'The AI check found nothing you gave it that supports this claim';
    // The AI's reading replaces the cheap check's three hints with one claim nobody supports.
    expect(findingsOf('r0')).toEqual([['ungrounded', 'high', '$12M Series B led by Sequoia', invented]]);
    expect(findingsOf('r5')).toEqual([]);
    // A source the row does not have is no source.
    expect(findingsOf('r6')).toEqual([['ungrounded', 'high', 'plan its stock', invented]]);
    const unread = findingsOf('r7');
    expect(unread).toHaveLength(1);
    expect(unread[0]!.slice(0, 3)).toEqual(['ungrounded', 'low', null]);
    expect(unread[0]![3]).toMatch(
      /^The AI claim check could not read this draft \(.+\); read its facts yourself$/,
    );
    const after = (await call('GET', `/api/campaigns/${campaign.id}`)).json();
    expect(after.claimCheck.drafts).toBe(8);
    expect(after.claimCheck.tokens).toBeGreaterThan(0);
    // One claim check per draft (the other campaigns here have it off).
    const claimCalls = ai.requests.filter(isClaimCheck);
    expect(claimCalls).toHaveLength(8);
    expect(new Set(claimCalls.map((r) => /Name(\d+)/.exec(lastUserMessage(r.body))?.[1])).size).toBe(8);

    // An edit is checked at once by the cheap checks, and its claims are read again in the background.
    const queueOrder = async () =>
      (
        (await call('GET', `/api/campaigns/${campaign.id}/emails?order=attention&limit=100`)).json()
          .items as Email[]
      ).map((e) => e.id);
    const before = await queueOrder();
    const r6 = byRecipient.get('r6')!;
    const saved = await call('PUT', `/api/emails/${r6.id}`, {
      subject: 'About Company6',
      body: '<p>Hi Name6, how does Company6 plan its stock this spring?</p>',
    });
    expect(saved.json().findings).toEqual([]);
    const reread = await waitUntil(
      async () => {
        const page = await call('GET', `/api/campaigns/${campaign.id}/emails?limit=100`);
        const found = (page.json().items as Email[]).find((e) => e.id === r6.id)!.findings!;
        return found.length > 0 && found;
      },
      30_000,
      'the edited draft reread',
    );
    expect(reread.map((f) => [f.kind, f.severity, f.span?.text])).toEqual([
      ['ungrounded', 'high', 'plan its stock'],
    ]);
    expect(ai.requests.filter(isClaimCheck)).toHaveLength(9);
    // Its tokens add to the campaign's figures (stored just after its findings).
    await waitUntil(
      async () => (await call('GET', `/api/campaigns/${campaign.id}`)).json().claimCheck.drafts === 9,
      10_000,
      'the reread counted',
    );
    // A fixed draft keeps its place once re-read: the queue holds still while a person works through it.
    const r1 = byRecipient.get('r1')!;
    await call('PUT', `/api/emails/${r1.id}`, { subject: 'A quick question', body: r1.body });
    await waitUntil(async () => ai.requests.filter(isClaimCheck).length === 10, 10_000, 'the fix reread');
    await waitUntil(
      async () => (await call('GET', `/api/campaigns/${campaign.id}`)).json().claimCheck.drafts === 10,
      10_000,
      'the fix counted',
    );
    expect(await queueOrder()).toEqual(before);
  });
});
