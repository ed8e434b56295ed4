import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Email } from '../src/contract/campaigns';
import { type FakeAi, isClaimCheck, lastUserMessage, startFakeAi, systemMessage } from './fakes/ai-server';
import { uploadCsv } from './support/http';
import { waitUntil } from './support/http-client';
import { startTestApp, type TestApp } from './support/test-app';

const SETTINGS_PROFILE = {
  title: 'Head of Partnerships',
  website: 'https://www.acme-routes.example',
  whatWeDo: 'Route planning for small fleets.',
  offer: 'A free 30-day pilot',
  proofPoints: ['Trusted by 12,000 teams', 'Red Dot award 2023 <b>'],
  neverClaim: ['SOC 2 certified'],
};

/** The `<sender>` block of a prompt, as text, or null when it has none. */
const senderBlockOf = (prompt: string) => /<sender>\n[\s\S]*?\n<\/sender>/.exec(prompt)?.[0] ?? null;
const senderOf = (prompt: string) => {
  const block = senderBlockOf(prompt);
  return block && JSON.parse(block.slice('<sender>\n'.length, -'\n</sender>'.length));
};

/** What the fake writes: the first email states a proof point (its figure unseparated) and an invented sum. */
function draftFor(prompt: string) {
  const followUp = prompt.includes('<previous_emails>');
  return followUp
    ? { subject: 'Following up', body: '<p>Just checking in. See acme-routes.example for details.</p>' }
    : {
        subject: 'Routes for your team',
        body: '<p>Hi there, we are trusted by 12000 teams and saved one of them $5M.</p><p>We are SOC 2 certified.</p><p>Two months free for schools?</p>',
      };
}

describe('the sender profile reaches the AI that writes and the checks that read', () => {
  let ai: FakeAi;
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    ai = await startFakeAi();
    t = await startTestApp('pglite', { ...ai.env }, { listen: true });
    cookie = await t.signIn('maya@example.com');
  });
  afterEach(() => {
    ai.reset();
    ai.setReply(null);
  });
  afterAll(async () => {
    await t?.close();
    await ai?.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload && { payload }) });
  const writerPrompts = () => ai.requests.filter((r) => !isClaimCheck(r)).map((r) => lastUserMessage(r.body));

  it('writes every step of a campaign with the <sender> block, the campaign’s fields over the Settings’', async () => {
    ai.setReply((request) =>
      isClaimCheck(request) ? { claims: [] } : draftFor(lastUserMessage(request.body)),
    );
    await call('POST', '/api/sender-settings', {
      name: 'Maya Patel',
      companyName: 'Acme',
      profile: SETTINGS_PROFILE,
    });
    const template = (
      await call('POST', '/api/templates', {
        name: 'AI',
        type: 'prompt',
        aiInstructions: 'Write a short note.',
        variables: ['email', 'first_name'],
      })
    ).json();
    const campaign = (
      await call('POST', '/api/campaigns', {
        name: 'Schools',
        templateId: template.id,
        columnMapping: { email: 'email', first_name: 'first_name' },
        steps: [{ delayDays: 3, businessDays: false, templateId: template.id }],
        senderProfile: { offer: 'Two months free for schools', neverClaim: ['Offices in Berlin'] },
      })
    ).json();
    await uploadCsv(t, cookie, campaign.id, 'email,first_name\nr0@example.com,Ada\nr1@example.com,Bo\n');
    await call('POST', `/api/campaigns/${campaign.id}/generate-emails`);
    const emails = await waitUntil(
      async () => {
        if ((await call('GET', `/api/campaigns/${campaign.id}`)).json().claimCheck.drafts < 4) return false;
        const items = (await call('GET', `/api/campaigns/${campaign.id}/emails?limit=100`)).json()
          .items as Email[];
        return items.every((e) => e.findings !== null) && items;
      },
      30_000,
      'generated, checked and claims read',
    );

    const expected = {
      name: 'Maya Patel',
      title: 'Head of Partnerships',
      company: 'Acme',
      website: 'https://www.acme-routes.example',
      whatWeDo: 'Route planning for small fleets.',
      offer: 'Two months free for schools',
      proofPoints: ['Trusted by 12,000 teams', 'Red Dot award 2023 <b>'],
      neverClaim: ['SOC 2 certified', 'Offices in Berlin'],
    };
    const prompts = writerPrompts();
    expect(prompts).toHaveLength(4);
    expect(prompts.filter((p) => p.includes('<previous_emails>'))).toHaveLength(2);
    for (const prompt of prompts) expect(senderOf(prompt)).toEqual(expected);
    // "<" inside a value cannot close the block.
    expect(senderBlockOf(prompts[0]!)).toContain('Red Dot award 2023 \\u003cb\\u003e');
    const writer = ai.requests.find((r) => !isClaimCheck(r))!;
    expect(systemMessage(writer.body)).toContain('Facts about the sender come inside <sender>');

    // The claim check reads the very block the writer was given.
    const claimPrompts = ai.requests.filter(isClaimCheck).map((r) => lastUserMessage(r.body));
    expect(claimPrompts).toHaveLength(4);
    for (const prompt of claimPrompts) expect(senderBlockOf(prompt)).toBe(senderBlockOf(prompts[0]!));

    // The proof point's figure is the sender's own; the invented sum is still flagged.
    const first = emails.find((e) => e.step === 1)!;
    const spans = first.findings!.filter((f) => f.kind === 'ungrounded').map((f) => f.span?.text);
    expect(spans).toContain('$5M');
    expect(spans).not.toContain('12000');
    // What the Settings' never-claim list forbids is a high finding, from the same profile.
    expect(first.findings).toContainEqual(
      expect.objectContaining({
        kind: 'ungrounded',
        severity: 'high',
        reason: 'Your profile says never to claim this: "SOC 2 certified"',
      }),
    );

    // The review's page names the sender facts each AI draft states.
    for (const email of emails)
      expect(email.senderFactsUsed, `step ${email.step}`).toEqual(
        email.step === 1
          ? [
              { kind: 'proofPoint', text: 'Trusted by 12,000 teams' },
              { kind: 'offer', text: 'Two months free for schools' },
            ]
          : [{ kind: 'website', text: 'https://www.acme-routes.example' }],
      );
  });

  it('gives the template editor’s AI preview and AI Generate the Settings’ <sender> block', async () => {
    await call('POST', '/api/sender-settings', {
      name: 'Maya Patel',
      companyName: 'Acme',
      profile: SETTINGS_PROFILE,
    });
    const preview = await call('POST', '/api/templates/generate-email', {
      template: { aiInstructions: 'Write a short intro.' },
      type: 'prompt',
      recipientData: { first_name: 'Ada' },
      variables: ['email', 'first_name'],
    });
    expect(preview.statusCode).toBe(200);
    const enhanced = await call('POST', '/api/templates/generate-email', {
      template: {
        subjectTemplate: 'Hi {{ first_name }}',
        bodyTemplate: '<p>Hello</p>',
        aiInstructions: 'Warmer.',
      },
      type: 'template',
      recipientData: { first_name: 'Ada' },
      variables: ['email', 'first_name'],
    });
    expect(enhanced.statusCode).toBe(200);
    expect(
      (await call('POST', '/api/templates/generate', { prompt: 'An intro', variables: [] })).statusCode,
    ).toBe(200);
    expect(
      (await call('POST', '/api/templates/generate-prompt', { description: 'An intro', variables: [] }))
        .statusCode,
    ).toBe(200);
    const prompts = writerPrompts();
    expect(prompts).toHaveLength(4);
    for (const prompt of prompts)
      expect(senderOf(prompt)).toEqual({
        name: 'Maya Patel',
        company: 'Acme',
        ...SETTINGS_PROFILE,
      });
    for (const request of ai.requests) expect(systemMessage(request.body)).toContain('<sender>');
  });

  it('sends no <sender> block for a sender Settings say nothing about', async () => {
    const stranger = await t.signIn();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/templates/generate-email',
      headers: { cookie: stranger },
      payload: {
        template: { aiInstructions: 'Write a short intro.' },
        type: 'prompt',
        recipientData: { first_name: 'Ada' },
        variables: ['email', 'first_name'],
      },
    });
    expect(res.statusCode).toBe(200);
    expect(senderBlockOf(writerPrompts()[0]!)).toBeNull();
  });
});
